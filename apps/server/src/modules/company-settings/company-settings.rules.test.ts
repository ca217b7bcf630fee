/**
 * Company settings rules without a database: the settings repository (with the day's mail budget), the
 * transaction, the mailer and the clock are fakes, so each test states a rule (what the plan lets an admin
 * switch, saves naming their version, who a change affects, what a save writes, who is reminded of MFA today)
 * and the answer the caller gets.
 */
import { describe, expect, it } from 'vitest';
import { CompanyMfa, type TUpdateCompanySettingsRequest } from '@cloudsign/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { failure } from '../../../test/support/error-body.ts';
import {
  callerOf,
  companyRow,
  fakeDb,
  fakeOf,
  type StoredEvent,
} from '../../../test/support/fakes.ts';
import type * as repo from './company-settings.repository.ts';
import type { AffectedRow, CompanyRow } from './company-settings.repository.ts';
import {
  previewSettings,
  REMINDERS_DONE_TODAY,
  remindMfa,
  updateSettings,
  type SettingsDeps,
} from './company-settings.service.ts';

const EARLIER = new Date('2026-03-01T00:00:00Z');
const NOW = new Date('2026-04-01T00:00:00Z');
const who = callerOf('admin-1', { name: '管理 太郎', roles: ['CompanyAdmin'] });
const v = (version: number) => ({ kind: 'version', version: String(version) }) as const;

const company = (extra: Partial<CompanyRow> = {}) =>
  companyRow({
    plan: 'enterprise',
    mfa: CompanyMfa.Optional,
    documentApproval: 1,
    auditLog: true,
    documentImport: true,
    settingsVersion: 4,
    settingsUpdatedAt: EARLIER,
    ...extra,
  });

/** The body of a save that changes nothing, as the console sends it for `row`. */
const same = (row: CompanyRow, over: Partial<TUpdateCompanySettingsRequest['flags']> = {}) => ({
  name: row.name,
  theme: row.theme as 'cloudsign',
  flags: {
    mfa: row.mfa === CompanyMfa.Required,
    documentApproval: row.documentApproval !== 0,
    auditLog: row.auditLog,
    documentImport: row.documentImport,
    bulkDownloadMembers: row.bulkDownloadMembers,
    ...over,
  },
});

const person = (id: string, name: string) => ({ id, name, email: `${id}@example.test` });

/**
 * One company and its members by role; records each write, event and mail, and keeps what was stored. Of the
 * members without MFA, those `remindedToday` (emails) and those past the day's `budget` get no reminder.
 */
function world(
  initial: CompanyRow,
  mail: { withoutMfa?: AffectedRow[]; remindedToday?: string[]; budget?: number } = {},
) {
  let stored = initial;
  const writes: string[] = [];
  const events: StoredEvent[] = [];
  const mailed: string[] = [];
  const settings = fakeOf<typeof repo>({
    findCompany: async () => stored,
    updateCompany: async (_db, _c, values) => {
      writes.push(`update ${Object.keys(values).join(',')}`);
      stored = { ...stored, ...values };
    },
    setMembersTheme: async (_db, _c, theme) => void writes.push(`members' theme ${theme}`),
    membersWithoutMfa: async () => mail.withoutMfa ?? [person('m-1', '一般 三郎')],
    membersWithRole: async (_db, _c, role) =>
      role === 'CompanyAuditor'
        ? [person('a-2', '監査 次郎'), person('a-1', 'あべ 一郎')]
        : [person('i-1', '取込 花子')],
    reserveReminders: async (_db, _c, members) => {
      const due = members.filter((m) => !mail.remindedToday?.includes(m.email));
      const chosen = due.slice(0, mail.budget ?? Infinity);
      return {
        chosen,
        remindedToday: members.length - due.length,
        overBudget: due.length - chosen.length,
      };
    },
  });
  const deps: SettingsDeps = {
    database: fakeOf<Database>({ db: fakeDb((e) => events.push(e)) }),
    clock: () => NOW,
    mailer: fakeOf<Mailer>({ send: async (m) => void mailed.push(m.to) }),
    env: fakeOf<Env>({ SITE_URL: 'https://console.example.test' }),
    settings,
  };
  return { deps, writes, events, mailed, stored: () => stored };
}

describe('what the plan lets an admin switch', () => {
  it('a flag outside the plan may stay as it is but is never switched: 400 naming each, nothing written', async () => {
    // A business company that kept 書類インポート on from an earlier plan.
    const row = company({ plan: 'business', auditLog: false, documentImport: true });
    const w = world(row);
    const auditLog =
      '「監査ログ」はエンタープライズプランの機能です。現在のプランでは変更できません。';
    const importOff =
      '「書類インポート」はエンタープライズプランの機能です。現在のプランでは変更できません。';
    const body = same(row, { auditLog: true, documentImport: false });
    const refused = {
      code: 'validation_failed',
      status: 400,
      message: auditLog,
      details: [
        { path: 'flags.auditLog', message: auditLog },
        { path: 'flags.documentImport', message: importOff },
      ],
    };
    expect(await failure(updateSettings(w.deps, who, body, v(4)))).toEqual(refused);
    expect(await failure(previewSettings(w.deps, who, body, v(4)))).toEqual(refused);
    expect(w.writes).toEqual([]);
    // Left as it is, the flag does not hold up a change the plan allows.
    const saved = await updateSettings(w.deps, who, same(row, { mfa: true }), v(4));
    expect(saved.flags).toMatchObject({ mfa: true, documentImport: true, auditLog: false });
  });

  it('the audit log period, like the audit log, is the enterprise plan’s: 400 on the field', async () => {
    const message =
      '「監査ログの保存期間（年）」はエンタープライズプランの機能です。現在のプランでは変更できません。';
    const row = company({ plan: 'business', auditLog: false, documentImport: false });
    const w = world(row);
    expect(
      await failure(updateSettings(w.deps, who, { ...same(row), auditRetentionYears: 7 }, v(4))),
    ).toEqual({
      code: 'validation_failed',
      status: 400,
      message,
      details: [{ path: 'auditRetentionYears', message }],
    });
    // The period it has is no change.
    await updateSettings(w.deps, who, { ...same(row), auditRetentionYears: 5 }, v(4));
    expect(w.writes).toEqual([]);
    const enterprise = world(company());
    const saved = await updateSettings(
      enterprise.deps,
      who,
      { ...same(company()), auditRetentionYears: 7 },
      v(4),
    );
    expect(saved.auditRetentionYears).toBe(7);
  });
});

describe('saves and previews name the version they were based on', () => {
  it('a stale version is 409 and none 428, at preview as at save; nothing written', async () => {
    const row = company();
    const w = world(row);
    const body = same(row, { mfa: true });
    const stale = {
      code: 'stale_version',
      status: 409,
      message:
        'ほかの管理者がこの内容を変更しました。最新の内容を読み込んでから、もう一度保存してください。',
    };
    expect(await failure(updateSettings(w.deps, who, body, v(3)))).toMatchObject(stale);
    expect(await failure(previewSettings(w.deps, who, body, v(3)))).toMatchObject(stale);
    const none = { code: 'version_required', status: 428 };
    expect(await failure(updateSettings(w.deps, who, body, { kind: 'none' }))).toMatchObject(none);
    expect(await failure(previewSettings(w.deps, who, body, { kind: 'none' }))).toMatchObject(none);
    expect(w.writes).toEqual([]);
  });

  it('the same settings saved again write nothing: the version stays, no event', async () => {
    // 承認 in a mode other than 1 reads as "on" like any other: saving "on" keeps that mode.
    const row = company({ documentApproval: 2 });
    const w = world(row);
    const saved = await updateSettings(w.deps, who, same(row), v(4));
    expect(saved).toMatchObject({ version: 4, updatedAt: EARLIER.toISOString() });
    expect([w.writes, w.events]).toEqual([[], []]);
  });
});

describe('what a change does', () => {
  it('the preview names who is affected by MFA required, import off and audit log off', async () => {
    const row = company();
    const w = world(row);
    const body = same(row, { mfa: true, documentImport: false, auditLog: false });
    expect(await previewSettings(w.deps, who, body, v(4))).toEqual({
      changes: ['2要素認証を必須にする: オン', '監査ログ: オフ', '書類インポート: オフ'],
      mfaRequired: { count: 1, members: [person('m-1', '一般 三郎')] },
      importOff: { count: 1, members: [person('i-1', '取込 花子')] },
      // The audit log's viewers in the order of their names.
      auditLogOff: {
        count: 2,
        members: [person('a-1', 'あべ 一郎'), person('a-2', '監査 次郎')],
      },
    });
    expect(w.writes).toEqual([]);
  });

  it('a save moves the version on, records the preview’s counts, and the theme reaches every member', async () => {
    const row = company({ documentApproval: 2 });
    const w = world(row);
    const body = { ...same(row, { mfa: true }), theme: 'smbc-cloudsign' as const };
    const saved = await updateSettings(w.deps, who, body, v(4));
    expect(saved).toMatchObject({ version: 5, updatedAt: NOW.toISOString(), theme: body.theme });
    expect(w.stored()).toMatchObject({ mfaRequiredAt: NOW, documentApproval: 2 });
    expect(w.writes).toEqual([
      'update name,theme,mfa,mfaRequiredAt,documentApproval,auditLog,documentImport,bulkDownloadMembers,auditRetentionYears,settingsVersion,settingsUpdatedAt',
      "members' theme smbc-cloudsign",
    ]);
    expect(w.events).toMatchObject([
      {
        action: 'company.settingsChanged',
        details: {
          theme: { before: 'cloudsign', after: 'smbc-cloudsign' },
          mfa: { before: false, after: true },
          preview: { mfaRequired: 1, importOff: null, auditLogOff: null },
        },
      },
    ]);
  });

  it('MFA stays required from the moment it first became so; turned off, from no moment', async () => {
    const row = company({ mfa: CompanyMfa.Required, mfaRequiredAt: EARLIER });
    const w = world(row);
    await updateSettings(w.deps, who, { ...same(row), name: '新社名' }, v(4));
    expect(w.stored()).toMatchObject({ mfaRequiredAt: EARLIER, name: '新社名' });
    await updateSettings(w.deps, who, same(w.stored(), { mfa: false }), v(5));
    expect(w.stored()).toMatchObject({ mfa: CompanyMfa.Optional, mfaRequiredAt: null });
  });
});

describe('2要素認証の設定のお願い', () => {
  const [m1, m2, m3] = [person('m-1', '一郎'), person('m-2', '二郎'), person('m-3', '三郎')];

  it('members reminded today and those past the day’s budget wait; each other one gets one mail', async () => {
    const w = world(company(), {
      withoutMfa: [m1, m2, m3],
      remindedToday: [m1.email],
      budget: 1,
    });
    expect(await remindMfa(w.deps, who)).toEqual({ sent: 1, notSent: 2 });
    expect(w.mailed).toEqual([m2.email]);
    expect(w.events).toMatchObject([
      {
        action: 'company.mfaRemindersSent',
        details: { count: 1, members: [{ id: 'm-2', name: '二郎' }] },
      },
    ]);
  });

  it('nobody left to remind today is 429, with nothing sent or recorded', async () => {
    const w = world(company(), { withoutMfa: [m1, m2], remindedToday: [m1.email, m2.email] });
    expect(await failure(remindMfa(w.deps, who))).toEqual({
      code: 'rate_limited',
      status: 429,
      message: REMINDERS_DONE_TODAY,
      details: undefined,
    });
    expect([w.mailed, w.events]).toEqual([[], []]);
  });

  it('nobody without MFA is no refusal: nothing to send', async () => {
    const w = world(company(), { withoutMfa: [] });
    expect(await remindMfa(w.deps, who)).toEqual({ sent: 0, notSent: 0 });
    expect(w.mailed).toEqual([]);
  });
});
