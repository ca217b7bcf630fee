/**
 * Whether `main.ts` seeds the demo on start (docs/design.md §1, README "SEED"). The demo's logins have a
 * published password, so they go only where a newcomer expects them: the embedded PGlite of `npm start`.
 * A PostgreSQL named by DATABASE_URL is a real installation and gets the demo only when asked (`SEED=demo`).
 */
import type { Env } from '../config/env.ts';
import type { AppDeps } from '../deps.ts';
import { seedIfEmpty } from './seed-if-empty.ts';

export type SeedPlan = { seed: boolean; reason: string };

export function demoSeedPlan(env: Pick<Env, 'SEED' | 'DATABASE_URL'>): SeedPlan {
  if (env.SEED === 'off')
    return { seed: false, reason: 'SEED=off のため、デモデータは作成しません。' };
  if (env.SEED === 'demo')
    return { seed: true, reason: 'SEED=demo のため、空のデータベースにデモデータを作成します。' };
  if (env.DATABASE_URL) {
    return {
      seed: false,
      reason:
        'DATABASE_URL のデータベースにはデモデータ（公開されたパスワードのログイン）を作成しません。必要な場合は SEED=demo を指定してください。',
    };
  }
  return {
    seed: true,
    reason:
      '組み込みデータベース（PGlite）のため、空であればデモデータを作成します（SEED=off で作成しません）。',
  };
}

/**
 * Seeds (or not) and says so in one line, on the console and in the log. Returns whether the demo logins
 * are present because of this start's plan, so `main.ts` prints them only then.
 */
export async function seedOnStart(
  deps: AppDeps,
  print: (line: string) => void = console.log,
): Promise<boolean> {
  const plan = demoSeedPlan(deps.env);
  if (!plan.seed) {
    deps.logger.info({ seed: deps.env.SEED, seeded: false }, 'demo seed skipped');
    print(`デモデータ: 作成しません。${plan.reason}`);
    return false;
  }
  const seeded = await seedIfEmpty(deps);
  deps.logger.info(
    { seed: deps.env.SEED, seeded },
    seeded ? 'demo seeded' : 'demo seed skipped: database not empty',
  );
  print(
    seeded
      ? `デモデータ: 作成しました。${plan.reason}`
      : `デモデータ: データベースが空ではないため、作成しません。${plan.reason}`,
  );
  return true;
}
