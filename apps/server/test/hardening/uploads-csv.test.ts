/**
 * Uploads, the CSV side: every bulk upload route (members add/edit/delete, document
 * attributes) given broken files. Each gives the admin a Japanese error on the file (with the row where it
 * happened) or on the row and column, and nothing is stored under a name the client chose.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_FILE_BYTES, BulkStatus } from '@cloudsign/contract';
import {
  MSG_BINARY,
  MSG_UNKNOWN_ENCODING,
  MSG_UTF16,
  msgInvalidChars,
} from '../../src/lib/csv/decode.ts';
import { MSG_EMPTY } from '../../src/bulk/check-runner.ts';
import { MSG_FILENAME_CONTROL, MSG_UPLOAD_CUT_OFF } from '../../src/lib/http/upload-guard.ts';
import { JAPANESE } from './fuzz-checks.ts';
import { makeDocument } from '../support/fixtures.ts';
import { formatVersion } from '../../src/modules/document-attribute-bulk/attribute-cells.ts';
import { tinyPdf, zipBytes } from './fuzz-multipart.ts';
import {
  createUploadWorld,
  csvPart,
  post,
  storedFiles,
  uploadAndCheck,
  type BulkPath,
  type UploadWorld,
} from './fuzz-uploads.world.ts';

let w: UploadWorld;
beforeAll(async () => {
  w = await createUploadWorld();
}, 120_000);
afterAll(async () => w?.close());

const HEAD = 'メールアドレス,氏名,所属\r\n';
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const utf16le = (text: string, bom: boolean) =>
  Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) =>
  Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
const png = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    Buffer.from('IHDR'),
    Buffer.alloc(200, 0x07),
  ]);

/** Whole-file problems: the run fails its check with this Japanese message and stores no row. */
const FILE_ERRORS: {
  name: string;
  bytes: () => Buffer;
  message: string | RegExp;
  only?: BulkPath;
}[] = [
  {
    name: 'NUL bytes in the content',
    bytes: () => utf8(`${HEAD}a@example.test,山田\u0000太郎,営業\r\n`),
    message: MSG_BINARY,
  },
  {
    name: 'UTF-16LE with BOM',
    bytes: () => utf16le(`${HEAD}a@example.test,山田,営業\r\n`, true),
    message: MSG_UTF16,
  },
  {
    name: 'UTF-16LE without BOM',
    bytes: () => utf16le(`email,name\r\na@example.test,yamada\r\n`, false),
    message: MSG_UTF16,
  },
  {
    name: 'UTF-16BE with BOM',
    bytes: () => utf16be(`${HEAD}a@example.test,山田,営業\r\n`),
    message: MSG_UTF16,
  },
  { name: 'a zip archive renamed to .csv', bytes: zipBytes, message: MSG_BINARY },
  { name: 'binary (a PNG image)', bytes: png, message: MSG_BINARY },
  {
    name: 'a PDF sent as the CSV (wrong type)',
    bytes: () => Buffer.concat([tinyPdf(), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00])]),
    message: MSG_BINARY,
  },
  {
    name: 'bytes that are neither UTF-8 nor Shift_JIS',
    bytes: () =>
      Buffer.concat([
        utf8(`${HEAD}a@example.test,山田,営業\r\nb@example.test,`),
        Buffer.from([0xe5, 0x28, 0xa1, 0xff]),
        utf8('\r\n'),
      ]),
    message: MSG_UNKNOWN_ENCODING,
  },
  {
    name: 'invalid UTF-8 far into a UTF-8 file (after the encoding is known)',
    bytes: () =>
      Buffer.concat([
        utf8(`${HEAD}${'a@example.test,山田,営業\r\n'.repeat(8000)}b@example.test,`),
        Buffer.from([0xe5, 0x28, 0xa1]),
        utf8('\r\n'),
      ]),
    message: msgInvalidChars('utf8'),
    // On the other routes these headers are wrong, and row 1's header error is (rightly) reported first.
    only: '/members/bulk_add',
  },
  { name: 'an empty file', bytes: () => Buffer.alloc(0), message: MSG_EMPTY },
  {
    name: 'a quote left open (row 3)',
    bytes: () =>
      utf8(
        `${HEAD}a@example.test,山田,営業\r\nb@example.test,"鈴木,総務\r\nc@example.test,佐藤,法務\r\n`,
      ),
    message: /^3行目: 引用符（"）が閉じられていません。/,
    only: '/members/bulk_add',
  },
  {
    name: 'a stray quote inside a value (row 2)',
    bytes: () => utf8(`${HEAD}a@example.test,山"田,営業\r\n`),
    message: /^2行目: 引用符（"）の位置が正しくありません。/,
  },
];

const ROUTES: BulkPath[] = [
  '/members/bulk_add',
  '/members/bulk_edit',
  '/members/bulk_delete',
  '/documents/attributes/bulk_edit',
];

describe('a broken file fails its check with a Japanese message, on every bulk upload route', () => {
  for (const route of ROUTES) {
    it(route, { timeout: 120_000 }, async () => {
      for (const c of FILE_ERRORS.filter((f) => !f.only || f.only === route)) {
        const { m, rows } = await uploadAndCheck(w, route, c.bytes());
        expect([c.name, m.status], JSON.stringify(m.fileError)).toEqual([
          c.name,
          BulkStatus.CheckFailed,
        ]);
        expect(m.fileError?.message, c.name).toMatch(c.message);
        expect(rows, c.name).toEqual([]);
      }
    });
  }
});

it('the unclosed quote names its row in the details, as the console lists them', async () => {
  const { m } = await uploadAndCheck(
    w,
    '/members/bulk_add',
    utf8(`${HEAD}a@example.test,"山田,営業\r\n`),
  );
  expect(m.fileError?.details).toEqual([
    { path: '2行目', message: '引用符（"）が閉じられていません。' },
  ]);
});

it('a 10,000-character cell is an error on its row and column, in Japanese', async () => {
  const long = 'あ'.repeat(10_000);
  const { m, rows } = await uploadAndCheck(
    w,
    '/members/bulk_add',
    utf8(`${HEAD}a@example.test,${long},営業\r\nb@example.test,鈴木,${long}\r\n`),
  );
  expect(m.status).toBe(BulkStatus.CheckFailed);
  expect(rows.map((r) => [r.rowNumber, r.action, r.errors.map((e) => e.column)])).toEqual([
    [2, 'error', ['氏名']],
    [3, 'error', ['所属']],
  ]);
  for (const e of rows.flatMap((r) => r.errors)) expect(e.message).toMatch(JAPANESE);
});

it('a 10,000-character cell in an attribute CSV is an error on its row and column, in Japanese', async () => {
  const long = 'あ'.repeat(10_000);
  const [a, b] = [await makeDocument(w.deps, w.companyId), await makeDocument(w.deps, w.companyId)];
  const lines = [
    '書類ID,更新日時,管理用タイトル,管理番号',
    `${a.id},${formatVersion(a.updatedAt)},${long},A-1`,
    `${b.id},${formatVersion(b.updatedAt)},題名,${long}`,
  ];
  const { m, rows } = await uploadAndCheck(
    w,
    '/documents/attributes/bulk_edit',
    utf8(`${lines.join('\r\n')}\r\n`),
  );
  expect(m.status).toBe(BulkStatus.CheckFailed);
  expect(rows.map((r) => [r.rowNumber, r.action, r.errors.map((e) => e.column)])).toEqual([
    [2, 'error', ['管理用タイトル']],
    [3, 'error', ['管理番号']],
  ]);
  for (const e of rows.flatMap((r) => r.errors)) expect(e.message).toMatch(JAPANESE);
});

it('CRLF, LF and CR mixed in one file still read as one row per line, numbered as the lines', async () => {
  const { m, rows } = await uploadAndCheck(
    w,
    '/members/bulk_add',
    utf8(
      'メールアドレス,氏名\r\nmix1@example.test,一郎\nmix2@example.test,二郎\rmix3@example.test,三郎\r\n',
    ),
  );
  expect(m.fileError).toBeNull();
  expect(rows.map((r) => [r.rowNumber, r.input['メールアドレス'], r.input['氏名']])).toEqual([
    [2, 'mix1@example.test', '一郎'],
    [3, 'mix2@example.test', '二郎'],
    [4, 'mix3@example.test', '三郎'],
  ]);
});

it('Shift_JIS with CR line endings (old Mac Excel) reads like any other', async () => {
  const { m, rows } = await uploadAndCheck(
    w,
    '/members/bulk_add',
    iconv.encode('メールアドレス,氏名\rsjis@example.test,髙橋①\r', 'cp932'),
  );
  expect(m.fileError).toBeNull();
  expect(rows.map((r) => r.input['氏名'])).toEqual(['髙橋①']);
});

describe('the upload itself', () => {
  it(
    'over the size limit: 413 with the limit in Japanese, and nothing kept',
    { timeout: 120_000 },
    async () => {
      const before = storedFiles(w);
      for (const route of ROUTES) {
        const res = await post(w, route, [csvPart(Buffer.alloc(BULK_MAX_FILE_BYTES + 1, 0x61))]);
        expect([route, res.statusCode]).toEqual([route, 413]);
        expect(
          res.json<{ error: { code: string; message: string; details?: unknown } }>().error.message,
        ).toBe(
          'ファイルサイズが上限（50MB）を超えています。ファイルを分けてアップロードしてください。',
        );
      }
      expect(storedFiles(w)).toEqual(before);
    },
  );

  it('a body cut off in the middle of the file: 400 in Japanese, nothing kept, no request left hanging', async () => {
    const before = storedFiles(w);
    for (const route of ROUTES) {
      const res = await post(w, route, [csvPart(utf8(`${HEAD}a@example.test,山田,営業\r\n`))], {
        truncate: true,
      });
      expect([
        route,
        res.statusCode,
        res.json<{ error: { code: string; message: string; details?: unknown } }>().error.message,
      ]).toEqual([route, 400, MSG_UPLOAD_CUT_OFF]);
    }
    expect(storedFiles(w)).toEqual(before);
  });

  it('a NUL or control character in the file name: 400 naming the file name, nothing kept', async () => {
    const before = storedFiles(w);
    for (const route of ROUTES) {
      for (const filename of [
        'a\u0000b.csv',
        'members\u0007.csv',
        'tab\there.csv',
        '\u001b[31mred.csv',
      ]) {
        const res = await post(w, route, [
          csvPart(utf8(`${HEAD}a@example.test,山田,営業\r\n`), filename),
        ]);
        expect([route, filename, res.statusCode]).toEqual([route, filename, 400]);
        expect(
          res.json<{ error: { code: string; message: string; details?: unknown } }>().error.details,
        ).toEqual([{ path: 'filename', message: MSG_FILENAME_CONTROL }]);
      }
    }
    expect(storedFiles(w)).toEqual(before);
  });

  it('a character that disguises the file name (bidi control, zero width): 400 naming the file with it shown, nothing kept', async () => {
    const before = storedFiles(w);
    const cases: [string, string][] = [
      [
        'members\u202Evsc.csv',
        'members<U+202E>vsc.csv」の名前に、表示を偽装できる見えない文字（U+202E）',
      ],
      [
        '\u2067名簿\u2069.csv',
        '<U+2067>名簿<U+2069>.csv」の名前に、表示を偽装できる見えない文字（U+2067）',
      ],
      ['名簿\u200F.csv', '名簿<U+200F>.csv」の名前に、表示を偽装できる見えない文字（U+200F）'],
      ['名\u200B簿.csv', '名<U+200B>簿.csv」の名前に、表示を偽装できる見えない文字（U+200B）'],
    ];
    for (const route of ROUTES) {
      for (const [filename, shown] of cases) {
        const res = await post(w, route, [
          csvPart(utf8(`${HEAD}a@example.test,山田,営業\r\n`), filename),
        ]);
        const message = `ファイル「${shown}が含まれています。ファイル名を変更してからアップロードしてください。`;
        expect([route, res.statusCode, res.json<{ error: unknown }>().error]).toEqual([
          route,
          400,
          {
            code: 'validation_failed',
            message,
            details: [{ path: 'filename', message }],
            requestId: expect.any(String) as unknown,
          },
        ]);
      }
    }
    expect(storedFiles(w)).toEqual(before);
  });

  it('folders in the file name are dropped: the run shows the base name, the file lands under a server-chosen key', async () => {
    const names = [
      '../../x.csv',
      '..\\..\\x.csv',
      '/etc/passwd.csv',
      'C:\\Windows\\x.csv',
      '....//....//x.csv',
    ];
    for (const route of ROUTES) {
      for (const filename of names) {
        const res = await post(w, route, [
          csvPart(utf8(`${HEAD}a@example.test,山田,営業\r\n`), filename),
        ]);
        expect(res.statusCode, res.body).toBe(201);
        const shown = res.json<{ manipulation: { originalFilename: string } }>().manipulation
          .originalFilename;
        expect([filename, shown]).toEqual([filename, path.basename(shown.replaceAll('\\', '/'))]);
        expect(shown).not.toMatch(/[/\\]/);
      }
    }
    const files = storedFiles(w);
    // Only server keys: <area>/<uuid>-in.csv (and the documents area's own keys), never a client's name.
    for (const f of files)
      expect(f).toMatch(/^files\/[a-z-]+\/[0-9a-f-]{36}(-in\.csv|\.pdf)$|^files\/\.staging\//);
    const root = w.deps.env.DATA_DIR;
    for (const target of [
      'x.csv',
      'passwd.csv',
      '../x.csv',
      '../../x.csv',
      'files/x.csv',
      'files/member-bulk/x.csv',
    ]) {
      expect(existsSync(path.resolve(root, target)), target).toBe(false);
    }
  });
});
