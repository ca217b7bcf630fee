/**
 * Starts the roles asked for (docs/design.md §1): `--role=site,api,worker` (default: all three in one process).
 * Several api or worker processes may run against one PostgreSQL; that is how the product scales out.
 */
import { parseEnv, EnvError } from './config/env.ts';
import { createDeps, closeDeps } from './bootstrap.ts';
import { buildApiApp } from './api-app.ts';
import { buildSiteApp } from './site-app.ts';
import { seedOnStart } from './seed/seed-on-start.ts';
import { DEMO_LOGINS } from './seed/demo-logins.ts';
import {
  isNewEmbeddedDatabase,
  isPreparingProcess,
  prepareDatabase,
  prepareInOwnProcess,
} from './first-start.ts';

const ROLES = ['site', 'api', 'worker'] as const;
type Role = (typeof ROLES)[number];

function parseRoles(argv: string[]): Role[] {
  const arg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length);
  if (!arg) return [...ROLES];
  const roles = arg.split(',').map((r) => r.trim());
  const bad = roles.filter((r) => !ROLES.includes(r as Role));
  if (bad.length > 0)
    throw new EnvError(
      `--role に不明な値があります: ${bad.join(', ')}（site, api, worker から選んでください）`,
    );
  return roles as Role[];
}

async function main() {
  const env = parseEnv(process.env);
  const roles = parseRoles(process.argv.slice(2));
  if (isPreparingProcess()) {
    await prepareDatabase(env);
    process.exit(0);
  }
  // A new embedded database is made (and the demo seeded) by a process that exits first (first-start.ts).
  const prepared = isNewEmbeddedDatabase(env) ? await prepareInOwnProcess(env) : null;
  const deps = await createDeps(env);
  const log = deps.logger;

  const hasDemo = prepared ?? (await seedOnStart(deps));

  const closers: (() => Promise<unknown>)[] = [];
  if (roles.includes('site')) {
    const site = await buildSiteApp(deps);
    await site.listen({ port: env.PORT, host: env.HOST });
    closers.push(() => site.close());
  }
  if (roles.includes('api')) {
    const api = await buildApiApp(deps);
    await api.listen({ port: env.API_PORT, host: env.HOST });
    closers.push(() => api.close());
  }
  if (roles.includes('worker')) await deps.jobs.startWorking();

  log.info({ roles, node: process.version }, 'started');
  if (roles.includes('site')) {
    console.log(
      `\nクラウドサイン 企業管理コンソール: ${env.SITE_URL}\nAPI: ${env.API_URL}（リファレンス: ${env.API_URL}/docs）\nNode.js ${process.version}\n`,
    );
    if (hasDemo) {
      console.log('デモ用ログイン（パスワードはすべて password）:');
      for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(26)} ${l.description}`);
      console.log('');
    }
  }

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, 'stopping: finishing running jobs');
    for (const close of closers) await close();
    await closeDeps(deps);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else {
    console.error('起動に失敗しました:', err);
  }
  process.exit(1);
});
