import type { AppDeps } from '../deps.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

/**
 * First start (see seed-on-start.ts for when): an empty database gets the demo companies (docs/design.md §1). Safe to call on every
 * start and from several processes at once: it does nothing once any company exists.
 */
export async function seedIfEmpty(deps: AppDeps): Promise<boolean> {
  const summary = await seedDemoIfEmpty({
    db: deps.database.db,
    storage: deps.storage,
    now: deps.clock(),
  });
  if (!summary) return false;
  for (const c of summary.companies) {
    deps.logger.info(c, 'demo company seeded');
  }
  console.log(
    `デモデータを作成しました（${(summary.ms / 1000).toFixed(1)}秒、CPU ${(summary.cpuMs / 1000).toFixed(1)}秒）: ` +
      summary.companies
        .map((c) => `${c.name} メンバー${c.members}名・書類${c.documents}件`)
        .join('、'),
  );
  return true;
}
