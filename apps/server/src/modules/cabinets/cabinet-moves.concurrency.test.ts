/**
 * Opposite moves between two cabinets at the same moment: each answers 200, none deadlocks into a
 * 500, and the cabinet counters still equal the links. Meaningful on PostgreSQL (PGlite has one connection).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { queryRows } from '../../db/query-rows.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const ROUNDS = 15;
const PER_SIDE = 30;

it('opposite concurrent moves between two cabinets all succeed and keep the counts exact', async () => {
  const { contracts, hr } = w.cabinets;
  const inContracts = await Promise.all(
    Array.from({ length: PER_SIDE }, () =>
      makeDocument(deps, w.company.id, { cabinetIds: [contracts.id] }),
    ),
  );
  const inHr = await Promise.all(
    Array.from({ length: PER_SIDE }, () =>
      makeDocument(deps, w.company.id, { cabinetIds: [hr.id] }),
    ),
  );
  let left = inContracts.map((d) => d.id);
  let right = inHr.map((d) => d.id);
  const move = (to: string, from: string, documentIds: string[]) =>
    app.inject({
      method: 'POST',
      url: `/cabinets/${to}/documents`,
      headers: w.headers.admin,
      payload: { documentIds, fromCabinetId: from },
    });
  const statuses: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const [a, b] = await Promise.all([
      move(hr.id, contracts.id, left),
      move(contracts.id, hr.id, right),
    ]);
    statuses.push(a.statusCode, b.statusCode);
    [left, right] = [right, left];
  }
  expect(statuses.filter((s) => s !== 200)).toEqual([]);

  const counts = await queryRows<{ cabinet_id: string; links: number; counter: number }>(
    deps.database.db,
    sql`select c.id as cabinet_id, (select count(*)::int from document_cabinets dc where dc.cabinet_id = c.id) as links,
          (select document_count::int from cabinet_document_stats s where s.cabinet_id = c.id) as counter
        from cabinets c where c.id in (${contracts.id}, ${hr.id})`,
  );
  expect(counts.map((c) => c.links).sort()).toEqual([PER_SIDE, PER_SIDE]);
  for (const c of counts) expect(c.counter).toBe(c.links);
});
