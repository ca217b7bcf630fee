import { describe, expect, it } from 'vitest';
import { describeDetails, fieldLabel, valueText } from './details.ts';

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
