import { parseEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';
import { whileStarting } from './start-lock.ts';

const env = parseEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
// Under the start lock: servers starting meanwhile wait instead of migrating alongside.
await whileStarting(env.DATABASE_URL, () => runMigrations(database));
await database.close();
console.log('マイグレーションを適用しました。');
