import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany } from '../../test/support/fixtures.ts';
import { companies as companiesTable } from '../db/schema.ts';
import { demoSeedPlan, seedOnStart } from './seed-on-start.ts';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
}, 60_000);
afterAll(() => deps.cleanup());

const PG = 'postgres://app@db.internal:5432/cloudsign';
const companies = async () =>
  (await deps.database.db.select({ n: count() }).from(companiesTable))[0]!.n;

describe('SEED parsing and the seed decision', () => {
  it('auto seeds only the embedded database; DATABASE_URL needs SEED=demo; off never seeds', () => {
    expect(demoSeedPlan(parseEnv({})).seed).toBe(true);
    expect(demoSeedPlan(parseEnv({ DATABASE_URL: PG }))).toEqual({
      seed: false,
      reason:
        'DATABASE_URL のデータベースにはデモデータ（公開されたパスワードのログイン）を作成しません。必要な場合は SEED=demo を指定してください。',
    });
    expect(demoSeedPlan(parseEnv({ DATABASE_URL: PG, SEED: 'demo' })).seed).toBe(true);
    expect(demoSeedPlan(parseEnv({ SEED: 'demo' })).seed).toBe(true);
    expect(demoSeedPlan(parseEnv({ SEED: 'off' })).seed).toBe(false);
    expect(demoSeedPlan(parseEnv({ DATABASE_URL: PG, SEED: 'off' })).seed).toBe(false);
    expect(() => parseEnv({ SEED: 'yes' })).toThrow(
      'SEED=yes: auto, demo, off のいずれかを指定してください',
    );
  });
});

describe('start with an empty database', () => {
  it('SEED=auto on DATABASE_URL writes nothing and says why in one line', async () => {
    const lines: string[] = [];
    const hasDemo = await seedOnStart(
      { ...deps, env: { ...deps.env, SEED: 'auto', DATABASE_URL: PG } },
      (l) => lines.push(l),
    );
    expect(hasDemo).toBe(false);
    expect(await companies()).toBe(0);
    expect(lines).toEqual([
      'デモデータ: 作成しません。DATABASE_URL のデータベースにはデモデータ（公開されたパスワードのログイン）を作成しません。必要な場合は SEED=demo を指定してください。',
    ]);
  });

  it('SEED=off writes nothing on the embedded database either', async () => {
    const lines: string[] = [];
    expect(
      await seedOnStart(
        { ...deps, env: { ...deps.env, SEED: 'off', DATABASE_URL: undefined } },
        (l) => lines.push(l),
      ),
    ).toBe(false);
    expect(await companies()).toBe(0);
    expect(lines).toEqual([
      'デモデータ: 作成しません。SEED=off のため、デモデータは作成しません。',
    ]);
  });

  it('SEED=demo on DATABASE_URL goes to the seed, which leaves a database with companies alone', async () => {
    await makeCompany(deps);
    const lines: string[] = [];
    expect(
      await seedOnStart({ ...deps, env: { ...deps.env, SEED: 'demo', DATABASE_URL: PG } }, (l) =>
        lines.push(l),
      ),
    ).toBe(true);
    expect(await companies()).toBe(1);
    expect(lines).toEqual([
      'デモデータ: データベースが空ではないため、作成しません。SEED=demo のため、空のデータベースにデモデータを作成します。',
    ]);
  });
});
