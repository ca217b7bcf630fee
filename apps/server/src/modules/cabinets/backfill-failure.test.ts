/**
 * A classification backfill that keeps failing ends in a visible failed state (it used to stay
 * 実行中 forever once pg-boss gave up). The database refuses its links here, as a full disk would.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { makeWorld, type World } from '../../../test/support/cabinets.world.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Backfill = {
  id: string;
  state: string;
  linked: number;
  processed: number;
  finishedAt: string | null;
};

it(
  'a backfill whose batches keep failing shows failed in the API once its retries run out',
  { timeout: 90_000 },
  async () => {
    const cabinet = w.cabinets.hr.id;
    for (let i = 0; i < 3; i += 1)
      await makeDocument(deps, w.company.id, { senderId: w.users.reader.id });
    await deps.database.raw.exec(`
    create function refuse_links() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
    create trigger refuse_links before insert on document_cabinets for each row
      when (new.cabinet_id = '${cabinet}') execute function refuse_links();`);
    const add = await app.inject({
      method: 'POST',
      url: `/cabinets/${cabinet}/classification_rules`,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.sales.id], backfill: true },
    });
    expect(add.statusCode, add.body).toBe(200);
    const { id } = add.json<{ backfill: Backfill }>().backfill;

    let backfill: Backfill | null = null;
    const started = Date.now();
    while (Date.now() - started < 80_000) {
      const res = await app.inject({
        method: 'GET',
        url: `/cabinets/${cabinet}/classification_rules/backfills/${id}`,
        headers: w.headers.admin,
      });
      backfill = res.json<{ backfill: Backfill }>().backfill;
      if (backfill.state !== 'queued' && backfill.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(backfill).toMatchObject({ state: 'failed', linked: 0, processed: 0 });
    expect(backfill?.finishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const list = await app.inject({
      method: 'GET',
      url: `/cabinets/${cabinet}/classification_rules/backfills`,
      headers: w.headers.admin,
    });
    expect(list.json<{ backfills: Backfill[] }>().backfills[0]).toMatchObject({
      id,
      state: 'failed',
    });
  },
);
