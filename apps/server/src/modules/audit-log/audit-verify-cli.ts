/**
 * `npm run audit:verify -- --company <id>`: walks a company's audit chain and prints the first broken link.
 * Exit status 0 intact, 1 broken, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { parseEnv } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { verifyChain } from './audit-verify.ts';

const { values } = parseArgs({ options: { company: { type: 'string' } } });
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
if (!values.company || !uuid.test(values.company)) {
  console.error('使い方: npm run audit:verify -- --company <企業ID（UUID）>');
  process.exit(2);
}
const env = parseEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const started = Date.now();
const result = await verifyChain(database.db, values.company);
await database.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (result.ok) {
  console.log(`監査ログのチェーンは完全です（${result.events}件、${seconds}秒）。`);
} else {
  console.error(`監査ログのチェーンが壊れています: ${result.message}`);
  process.exitCode = 1;
}
