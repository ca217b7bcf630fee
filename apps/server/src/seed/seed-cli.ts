/**
 * `npm run seed -- --demo` (the demo companies, on an empty database) or
 * `npm run seed -- --company <name> --members 100000 --documents 1000000 [--plan enterprise]` (a large company
 * for benchmarks). Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), like the server.
 */
import { parseArgs } from 'node:util';
import { PLANS, type TPlan } from '@cloudsign/contract';
import { EnvError, parseEnv } from '../config/env.ts';
import { createLocalStorage } from '../lib/storage.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';
import { seedLargeCompany } from './large-seed.ts';

const USAGE = `使い方:
  npm run seed -- --demo
  npm run seed -- --company <会社名> --members <人数> --documents <件数> [--plan ${PLANS.join('|')}]`;

class UsageError extends Error {}

function count(value: string | undefined, label: string, min: number): number {
  if (value === undefined) throw new UsageError(`${label}を指定してください。`);
  const n = Number(value.replaceAll(',', '').replaceAll('_', ''));
  if (!Number.isInteger(n) || n < min || n > 10_000_000)
    throw new UsageError(
      `${label}は${min}〜10,000,000の整数で指定してください（指定値: ${value}）。`,
    );
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      demo: { type: 'boolean' },
      company: { type: 'string' },
      members: { type: 'string' },
      documents: { type: 'string' },
      plan: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return void console.log(USAGE);
  if (Boolean(values.demo) === Boolean(values.company))
    throw new UsageError('--demo か --company のどちらか一方を指定してください。');
  const plan = values.plan ?? 'enterprise';
  if (!PLANS.includes(plan as TPlan))
    throw new UsageError(
      `--plan は ${PLANS.join(', ')} のいずれかを指定してください（指定値: ${plan}）。`,
    );
  const large = values.company
    ? {
        name: values.company.trim(),
        members: count(values.members, '--members（メンバー数）', 1),
        documents: count(values.documents ?? '0', '--documents（書類数）', 0),
      }
    : null;
  if (large && (large.name.length === 0 || large.name.length > 100))
    throw new UsageError('--company（会社名）は1〜100文字で指定してください。');

  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const where = env.DATABASE_URL ? 'PostgreSQL' : `PGlite（${env.DATA_DIR}）`;
  try {
    await runMigrations(database);
    if (!large) {
      const summary = await seedDemoIfEmpty({
        db: database.db,
        storage: createLocalStorage(env.DATA_DIR),
        now: new Date(),
      });
      if (!summary)
        return void console.log(
          '会社が既に存在するため、デモデータは作成しませんでした（空のデータベースでのみ作成します）。',
        );
      for (const c of summary.companies) {
        console.log(
          `${c.name}: メンバー ${c.members}名、メンバーグループ ${c.groups}、キャビネット ${c.cabinets}、書類 ${c.documents}件（PDF ${c.files}件）`,
        );
      }
      return void console.log(
        `デモデータを作成しました（${where}、${(summary.ms / 1000).toFixed(1)}秒、CPU ${(summary.cpuMs / 1000).toFixed(1)}秒）。`,
      );
    }
    console.log(
      `${where} に「${large.name}」を作成します: メンバー ${large.members.toLocaleString('ja-JP')}名、書類 ${large.documents.toLocaleString('ja-JP')}件`,
    );
    const r = await seedLargeCompany(database, {
      ...large,
      plan: plan as TPlan,
      onProgress: (m) => console.log(`  ${m}`),
    });
    console.log(
      `作成しました（${(r.ms.total / 1000).toFixed(1)}秒: メンバー ${(r.ms.members / 1000).toFixed(1)}秒、書類 ${(r.ms.documents / 1000).toFixed(1)}秒）`,
    );
    console.log(`  会社ID: ${r.companyId}`);
    console.log(
      `  メンバー ${r.members.toLocaleString('ja-JP')}名、書類 ${r.documents.toLocaleString('ja-JP')}件、参加者 ${r.participants.toLocaleString('ja-JP')}件、キャビネット格納 ${r.cabinetLinks.toLocaleString('ja-JP')}件`,
    );
    console.log(`  管理者ログイン: ${r.adminEmail}（パスワード password）`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof EnvError) {
    console.error(`${err.message}\n\n${USAGE}`);
  } else if (
    err instanceof TypeError &&
    'code' in err &&
    String(err.code).startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`引数が正しくありません: ${err.message}\n\n${USAGE}`);
  } else {
    // The message only: a database error object carries the statement's parameters (long word lists).
    console.error(`シードに失敗しました: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
});
