import { parseEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

const env = parseEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await runMigrations(database);
await database.close();
console.log('マイグレーションを適用しました。');
