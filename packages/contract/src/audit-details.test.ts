import { describe, expect, it } from 'vitest';
import {
  auditFieldLabel as fieldLabel,
  auditValueText as valueText,
  describeAuditDetails as describeDetails,
  auditDetailsText,
  browserText,
} from './audit-details.ts';
import { AUDIT_ACTIONS, type TAuditAction } from './audit-log.ts';

describe('audit event details in words', () => {
  it('names groups and members, not their ids', () => {
    expect(
      describeDetails({
        groups: [
          { id: '6f1c0b52-8a43-4a57-9d0e-1d1f6b0c6a01', name: '法務部' },
          { id: '6f1c0b52-8a43-4a57-9d0e-1d1f6b0c6a02', name: '営業部' },
        ],
        backfill: true,
      }),
    ).toEqual([
      { kind: 'value', label: 'グループ', value: '法務部、営業部' },
      { kind: 'value', label: '既存の書類にも適用', value: 'オン' },
    ]);
  });

  it("reads a 企業設定 change and its preview in the screen's words, never keys", () => {
    const lines = describeDetails({
      theme: { before: 'cloudsign', after: 'smbc-cloudsign' },
      mfa: { before: false, after: true },
      preview: {
        changes: ['テーマ: SMBCクラウドサイン'],
        mfaRequired: 2,
        importOff: null,
        auditLogOff: null,
      },
    });
    expect(lines).toEqual([
      { kind: 'change', label: 'テーマ', before: 'クラウドサイン', after: 'SMBCクラウドサイン' },
      { kind: 'change', label: '2要素認証を必須にする', before: 'オフ', after: 'オン' },
      {
        kind: 'value',
        label: '変更内容の確認',
        value:
          '変更する項目: テーマ: SMBCクラウドサイン、2要素認証を設定していないメンバー: 2、書類インポート権限を持つメンバー: —、監査ログを閲覧できなくなるメンバー: —',
      },
    ]);
  });

  it('says why sessions ended and how many', () => {
    expect(describeDetails({ reason: 'memberDeactivated', sessions: 3 })).toEqual([
      { kind: 'value', label: '理由', value: '利用停止' },
      { kind: 'value', label: '終了したセッション', value: '3' },
    ]);
  });

  it('reads an SSO refusal as the check that failed', () => {
    expect(describeDetails({ method: 'sso', reason: 'signature' })).toEqual([
      { kind: 'value', label: 'ログイン方法', value: 'シングルサインオン' },
      { kind: 'value', label: '理由', value: '署名の検証失敗' },
    ]);
  });

  it('shows a stored word that looks like an object member as it is', () => {
    expect(valueText('reason', 'constructor')).toBe('constructor');
    expect(valueText('__proto__', 'toString')).toBe('toString');
    expect(valueText('roles', ['constructor'])).toBe('constructor');
    expect(fieldLabel('constructor')).toBe('constructor');
  });

  it('reads an SSO settings change in the settings page’s words, certificates by fingerprint', () => {
    expect(
      describeDetails({
        certificates: { before: ['AA:BB'], after: ['AA:BB', 'CC:DD'] },
        exceptions: {
          before: [],
          after: [{ id: '6f1c0b52-8a43-4a57-9d0e-1d1f6b0c6a01', name: '管理 太郎' }],
        },
        enabled: { before: false, after: true },
        lastTestCleared: true,
      }),
    ).toEqual([
      {
        kind: 'change',
        label: 'IdP 証明書（SHA-256 フィンガープリント）',
        before: 'AA:BB',
        after: 'AA:BB、CC:DD',
      },
      {
        kind: 'change',
        label: 'パスワードでログインできる例外の管理者',
        before: '—',
        after: '管理 太郎',
      },
      { kind: 'change', label: 'SSO の有効・無効', before: '無効', after: '有効' },
      {
        kind: 'value',
        label: '接続テストの結果',
        value: '削除（有効にする前にもう一度テストが必要）',
      },
    ]);
  });

  it('flags a privileged SSO sign-in right after an SSO change in words', () => {
    expect(
      describeDetails({
        method: 'sso',
        flag: 'signInAfterSsoChange',
        ssoChangedAt: '2026-11-27T10:00:00.000Z',
        roles: ['CompanyAuditor'],
      }),
    ).toEqual([
      { kind: 'value', label: 'ログイン方法', value: 'シングルサインオン' },
      {
        kind: 'value',
        label: '要確認',
        value:
          'SSO設定の変更から24時間以内に、組織管理権限または監査ログ閲覧権限を持つメンバーがシングルサインオンでログインしました',
      },
      { kind: 'value', label: 'SSO設定の変更日時', value: '2026/11/27 19:00' },
      { kind: 'value', label: '権限', value: '監査ログ閲覧権限' },
    ]);
  });
});

const ID = '6f1c0b52-8a43-4a57-9d0e-1d1f6b0c6a01';
const named = (name: string) => ({ id: ID, name });
const run = (target: string, kind: number) => ({ target, kind });

/**
 * One representative `details` of every action the product records, as the server writes it (the recording
 * call named beside each). `satisfies` makes a new action kind without a sample here a type error.
 */
const SAMPLES = {
  'auth.signIn': {
    method: 'sso',
    createdByJit: true,
    flag: 'signInAfterSsoChange',
    ssoChangedAt: '2026-11-27T10:00:00.000Z',
    roles: ['CompanyAuditor'],
  },
  'auth.signInFailed': { method: 'sso', reason: 'in_response_to', connectionTest: true },
  'auth.signOut': {},
  'auth.mfaSetUp': {},
  'auth.passwordSet': {},
  'auth.sessionsRevoked': { reason: 'emailChanged', sessions: 2 },
  'auth.passwordReset': {},
  'auth.passwordChanged': { sessions: 1 },
  'auth.calendarFeedIssued': {},
  'auth.calendarFeedRevoked': {},
  'auth.passwordResetRequested': { mailed: false },
  'member.created': {
    name: { before: '', after: '高橋 誠' },
    furigana: { before: null, after: 'タカハシ マコト' },
    email: { before: '', after: 'takahashi@example.co.jp' },
    organization: { before: '', after: '法務部' },
    roles: { before: [], after: ['CompanyAuditor', 'DocumentImporter'] },
  },
  'member.updated': {
    roles: { before: ['CompanyAdmin'], after: [] },
    organization: { before: '法務部', after: '経理部' },
  },
  'member.deleted': {
    roles: ['CompanyApprover'],
    successor: { id: ID, name: '管理 太郎', email: 'kanri@example.co.jp' },
    cabinets: ['契約書', '請求書'],
    documents: 12,
  },
  'member.mfaReset': {},
  'member.passwordResetSent': {},
  'member.invitationResent': {},
  'member.deactivated': { status: { before: 1, after: 3 } },
  'member.restored': { status: { before: 3, after: 0 } },
  'memberGroup.created': {
    name: { before: '', after: '法務部' },
    note: { before: '', after: '契約の確認' },
  },
  'memberGroup.updated': { name: { before: '法務部', after: '法務・知財部' } },
  'memberGroup.deleted': { memberCount: 4 },
  'memberGroup.membersAdded': { count: 2, members: [named('高橋 誠'), named('管理 太郎')] },
  'memberGroup.membersRemoved': { count: 1, members: [named('高橋 誠')] },
  'cabinet.created': { name: { before: '', after: '契約書' }, note: { before: '', after: '' } },
  'cabinet.updated': { note: { before: '旧', after: '新しい説明' } },
  'cabinet.deleted': {},
  'cabinet.groupsGranted': { groups: [named('法務部')] },
  'cabinet.groupRevoked': { groups: [named('営業部')] },
  'cabinet.adminsAdded': { members: [named('高橋 誠')] },
  'cabinet.adminsRemoved': { members: [named('管理 太郎')] },
  'cabinet.rulesAdded': { groups: [named('法務部')], backfill: true },
  'cabinet.rulesRemoved': { groups: [named('法務部')] },
  'cabinet.alertsChanged': {
    alertRules: { before: '', after: '解約通知期限の30日前、契約終了日の60日前' },
    members: [named('高橋 誠')],
    groups: [named('法務部')],
  },
  'document.filed': {
    cabinet: named('契約書'),
    count: 3,
    conditions: { keyword: '秘密保持', contractAtFrom: '2026-04-01', autoUpdate: 1, options: {} },
  },
  'document.moved': {
    cabinet: named('契約書'),
    from: named('請求書'),
    count: 1,
    conditions: { localId: 'A-001', options: {} },
  },
  'document.unfiled': { cabinet: named('契約書'), count: 2, conditions: { options: {} } },
  'document.imported': { cabinet: named('契約書') },
  'document.attributesChanged': {
    attrTitle: { before: '', after: '秘密保持契約' },
    amount: { before: null, after: 1200000 },
    autoUpdate: { before: 0, after: 1 },
    contractAt: { before: null, after: '2026-04-01' },
  },
  'document.pdfViewed': { file: named('秘密保持契約.pdf') },
  'document.bulkDownloadRequested': {
    downloadId: ID,
    conditions: { keyword: '契約', options: {} },
    nameRule: 'date_counterparty_amount_id',
    encoding: 'sjis',
  },
  'document.bulkDownloaded': {
    downloadId: ID,
    downloadedDocuments: 1234,
    conditions: { counterparty: '株式会社サンプル', options: {} },
  },
  'document.pdfDownloaded': { file: named('秘密保持契約.pdf') },
  'document.taxAuditPackRequested': {
    packId: ID,
    period: { dateField: 'contractAt', from: '2024-04-01', to: '2025-03-31' },
    conditions: { counterparty: '株式会社サンプル', amountFrom: 100000, options: {} },
    nameRule: 'date_counterparty_amount_id',
    encoding: 'sjis',
    matchedDocuments: 120,
  },
  'document.taxAuditPackDownloaded': {
    packId: ID,
    period: { dateField: 'validityStartAt', from: '2024-01-01', to: '2024-12-31' },
    conditions: { options: {} },
    downloadedDocuments: 120,
    corrections: 8,
  },
  'bulk.uploaded': {
    ...run('members', 1),
    fileName: 'メンバー追加.csv',
    size: 2048,
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  },
  'bulk.checked': {
    ...run('members', 2),
    counts: { delete: 2, error: 1 },
    rows: 3,
    fileError: '1行目の見出しが正しくありません。',
  },
  'bulk.executed': { ...run('members', 1), counts: { add: 25 } },
  // bulk-row-events.ts: a batch's per-row records, vouched for by their digest.
  'bulk.rowsRecorded': { rows: 2000, sha256: 'a'.repeat(64) },
  'bulk.cancelled': run('document_attributes', 5),
  'bulk.generationRequested': {
    ...run('document_attributes', 3),
    encoding: 'sjis',
    params: { conditions: { keyword: '契約', options: {} } },
  },
  'bulk.fileDownloaded': { ...run('members', 5), file: '結果ファイル' },
  'auditLog.exported': {
    exportId: ID,
    encoding: 'utf8bom',
    filters: {
      from: '2026-11-01',
      category: 'member',
      targetType: 'member',
      actorEmail: 'kanri@example.co.jp',
    },
  },
  'auditLog.exportDownloaded': { exportId: ID, events: 1234 },
  'auditLog.pruned': {
    retentionYears: 5,
    before: '2021-11-25T00:00:00.000Z',
    deleted: 2,
    lastDeletedSeq: 2,
    firstKept: {
      seq: 3,
      prevHash: '0b9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a',
    },
  },
  'company.settingsChanged': {
    theme: { before: 'cloudsign', after: 'smbc-cloudsign' },
    mfa: { before: false, after: true },
    auditRetentionYears: { before: 5, after: 7 },
    preview: {
      changes: ['テーマ: SMBCクラウドサイン'],
      mfaRequired: 2,
      importOff: null,
      auditLogOff: null,
    },
  },
  'company.mfaRemindersSent': { count: 2, members: [named('高橋 誠'), named('管理 太郎')] },
  'company.sessionLimitsChanged': {
    idleTimeoutMinutes: { before: null, after: 30 },
    sessionMaxHours: { before: 12, after: 8 },
    sessionsEnded: 3,
    membersSignedOut: 2,
  },
  'sso.settingsChanged': {
    idpEntityId: { before: '', after: 'https://idp.example.co.jp/saml' },
    jitEnabled: { before: false, after: true },
    jitGroups: { before: [], after: [named('法務部')] },
    enabled: { before: false, after: true },
    lastTestCleared: true,
  },
  'ipRestriction.changed': {
    consoleMode: { before: 'off', after: 'log' },
    consoleRanges: { before: [], after: ['203.0.113.0/24（本社）', '2001:db8::/32'] },
    affected: [named('高橋 誠')],
  },
  'ipRestriction.refused': {
    scope: 'console',
    ipMode: 'enforce',
    address: '198.51.100.7',
    surface: 'api',
  },
  'ipRestriction.liftRequested': { email: 'kanri@example.co.jp', mailed: true },
  'ipRestriction.lifted': { consoleMode: { before: 'enforce', after: 'off' }, via: 'mailLink' },
  'sso.connectionTested': { ok: true, email: 'kanri@example.co.jp', member: named('管理 太郎') },
  'document.attributeOptionsChanged': {
    items: { before: ['部署'], after: ['部署', '案件番号'] },
    added: [named('案件番号')],
  },
  'sso.domainAdded': { domain: 'example.co.jp', txtName: '_cloudsign-verify.example.co.jp' },
  'sso.domainVerified': { domain: 'example.co.jp', txtName: '_cloudsign-verify.example.co.jp' },
  'sso.domainRemoved': { domain: 'example.co.jp', wasVerified: true },
  'provisioning.tokenCreated': {},
  'provisioning.tokenFirstUsed': { source: 'SCIM' },
  'provisioning.tokenRevoked': {},
  'provisioning.deactivationQueued': { threshold: 50, count: 50, source: 'SCIM' },
  'provisioning.deactivationsApplied': {
    count: 2,
    members: ['a@example.co.jp', 'b@example.co.jp'],
  },
  'provisioning.deactivationsCancelled': { count: 1, members: ['a@example.co.jp'] },
  'provisioning.leaverSettingsChanged': {
    successorRule: { before: 'cabinetAdmins', after: 'fallback' },
    fallbackMember: { before: null, after: '管理 太郎 <kanri@example.co.jp>' },
    brakeThreshold: { before: null, after: 20 },
  },
} satisfies Record<TAuditAction, Record<string, unknown>>;

/**
 * What an auditor must never read: JSON, a code or key in ASCII (`add`, `smbc-cloudsign`, `importOff`, `true`).
 * Hashes and ids (hex, UUIDs), addresses, domains and URLs are data people verify and stay as they are.
 */
const isData = (s: string) =>
  /^[0-9a-f-]{16,}$/.test(s) || s.includes('@') || s.includes('.') || s.includes('/');
const rawIn = (text: string) =>
  text
    .split(/\n|、|: | → /)
    .map((s) => s.trim())
    .filter((s) => /[{}[\]"]/.test(s) || (/^[\w-]+$/.test(s) && /[a-z]/.test(s) && !isData(s)));

describe('every action the product records reads in words', () => {
  it('has a sample of each action kind', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
  });

  it.each(Object.entries(SAMPLES))('%s', (_action, details) => {
    const text = auditDetailsText(details);
    expect(rawIn(text), text).toEqual([]);
  });

  it('catches a key or code nobody put into words', () => {
    expect(rawIn(auditDetailsText({ newField: { before: 'draft', after: 'sent' } }))).toEqual([
      'newField',
      'draft',
      'sent',
    ]);
    expect(rawIn(auditDetailsText({ counts: { add: 1 } }))).toEqual([]);
  });
});

describe('details an auditor reads as the issue asks', () => {
  it("says a 税務調査 pack's period and conditions in words", () => {
    expect(auditDetailsText(SAMPLES['document.taxAuditPackRequested'])).toBe(
      [
        `税務調査対応ファイルのID: ${ID}`,
        '課税期間: 契約締結日 2024-04-01〜2025-03-31',
        '書類の検索条件: 取引先: 株式会社サンプル、取引金額（から）: 100,000',
        'ファイル名の付け方: YYYYMMDD_取引先_金額_書類ID.pdf',
        '文字コード: Shift_JIS（Excel 向け）',
        '対象の書類の件数: 120',
      ].join('\n'),
    );
  });

  it('names the bulk run and counts members in 名', () => {
    expect(auditDetailsText(SAMPLES['bulk.executed'])).toBe(
      '処理の対象: メンバー\n処理の種類: 一括追加\n件数: 追加 25名',
    );
    expect(auditDetailsText(SAMPLES['bulk.checked'])).toContain('件数: 削除 2名、エラー 1名');
  });

  it('reads 企業設定 and deletion with a successor in words', () => {
    const settings = auditDetailsText(SAMPLES['company.settingsChanged']);
    expect(settings).toContain('テーマ: クラウドサイン → SMBCクラウドサイン');
    expect(settings).toContain('2要素認証を必須にする: オフ → オン');
    expect(auditDetailsText(SAMPLES['member.deleted'])).toBe(
      '権限: 承認権限\n引き継ぎ先: 管理 太郎\n引き継いだキャビネット: 契約書、請求書\n引き継いだ書類: 12',
    );
  });

  it("reads a bulk run's per-row change as the single edit's, naming the run and the row", () => {
    const bulk = { run: ID, rowNumber: 7 };
    const rows = [
      { ...SAMPLES['member.created'], groups: { before: [], after: [named('法務部')] }, bulk },
      { ...SAMPLES['member.updated'], status: { before: 1, after: 3 }, bulk },
      { roles: ['CompanyAdmin'], bulk },
      { ...SAMPLES['document.attributesChanged'], localId: { before: null, after: 'A-1' }, bulk },
    ];
    for (const details of rows) {
      const text = auditDetailsText(details);
      expect(rawIn(text), text).toEqual([]);
      expect(text).toContain(`方法: 一括（処理ID: ${ID}、7行目）`);
    }
    expect(auditDetailsText(rows[0]!)).toContain('グループ: — → 法務部');
    const report = auditDetailsText({
      exportId: ID,
      report: 'correctionHistory',
      encoding: 'sjis',
      filters: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(rawIn(report), report).toEqual([]);
    expect(report).toContain('書き出したもの: 訂正削除履歴（書類情報の変更）');
  });

  it('names the browser, keeping what it cannot name as it came', () => {
    expect(
      browserText(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 156（Linux）');
    expect(browserText('curl/8.5.0')).toBe('curl/8.5.0');
    expect(browserText('')).toBe('—');
  });
});
