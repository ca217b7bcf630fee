/**
 * `npm run audit:verify -- --company <id>`: walks a company's audit chain and prints the first broken link.
 * `--anchor <companyId>:<seq>:<hash>` (the viewer's チェーンの先頭) or `--anchor-file <file>` (an export, whose
 * last line is the anchor, or any file of anchors: the last one counts) also compares the chain with the head
 * written down then, so events cut from the end since are found. Exit status 0 intact, 1 broken, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { parseEnv } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { lastAnchorInFile, parseAnchor, type ChainAnchor } from './audit-anchor.ts';
import { verifyChain } from './audit-verify.ts';

const USAGE =
  '使い方: npm run audit:verify -- --company <企業ID（UUID）> ' +
  '[--anchor <企業ID>:<番号>:<ハッシュ> | --anchor-file <書き出したCSVなど>]';

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    company: { type: 'string' },
    anchor: { type: 'string' },
    'anchor-file': { type: 'string' },
  },
});
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let anchor: ChainAnchor | undefined;
if (values.anchor !== undefined) {
  anchor = parseAnchor(values.anchor) ?? fail('アンカーの形式が正しくありません。');
} else if (values['anchor-file'] !== undefined) {
  const file = values['anchor-file'];
  const found = await lastAnchorInFile(file, values.company).catch(() =>
    fail(`ファイルを読めません: ${file}`),
  );
  anchor = found ?? fail('ファイルにこの企業のアンカーがありません。');
}
const company = values.company ?? anchor?.companyId;
if (!company || !uuid.test(company)) fail('企業IDを指定してください。');
if (anchor && anchor.companyId !== company.toLowerCase()) fail('アンカーは別の企業のものです。');

const env = parseEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const started = Date.now();
const result = await verifyChain(database.db, company, anchor);
await database.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const against = anchor ? `、控えたチェーンの先頭（${anchor.seq}番目）と一致` : '';
if (result.ok) {
  console.log(`監査ログのチェーンは完全です（${result.events}件${against}、${seconds}秒）。`);
} else {
  console.error(`監査ログのチェーンが壊れています: ${result.message}`);
  process.exitCode = 1;
}
