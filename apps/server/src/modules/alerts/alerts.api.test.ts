/** Alert calls: who may set a cabinet's rules, the versioned save, 期限が近い書類 and the calendar feed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query-rows.ts';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import {
  ALERT_SETTINGS_NEVER_SAVED,
  type TAlertSettings,
  type TUpcomingDeadline,
} from '@cloudsign/contract';

type Settings = { settings: TAlertSettings };

const NOW = new Date('2027-03-10T01:00:00Z');
let deps: TestDeps;
let app: ApiApp;
let w: World;
let url: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => NOW });
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
  url = `/cabinets/${w.cabinets.contracts.id}/alert_settings`;
  ids.contract = (
    await makeDocument(deps, w.company.id, {
      title: '業務委託契約書',
      validityEndNoticeAt: '2027-03-31',
      cabinetIds: [w.cabinets.contracts.id],
    })
  ).id;
  ids.hr = (
    await makeDocument(deps, w.company.id, {
      title: '雇用契約書',
      validityEndNoticeAt: '2027-03-31',
      cabinetIds: [w.cabinets.hr.id],
    })
  ).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const body = {
  rules: [{ dateItem: 'validityEndNoticeAt', daysBefore: 30 }],
  memberIds: [] as string[],
  groupIds: [] as string[],
};

describe('cabinet alert settings', () => {
  it('the cabinet admin saves rules on the version read; readers, others and stale versions are refused', async () => {
    const read = await app.inject({ method: 'GET', url, headers: w.headers.cabAdmin });
    expect(read.statusCode).toBe(200);
    expect(read.json<Settings>().settings).toMatchObject({ rules: [], updatedAt: null });

    expect((await app.inject({ method: 'GET', url, headers: w.headers.reader })).statusCode).toBe(
      403,
    );
    expect(
      (await app.inject({ method: 'GET', url, headers: w.headers.otherAdmin })).statusCode,
    ).toBe(404);
    const noVersion = await app.inject({
      method: 'PUT',
      url,
      headers: w.headers.cabAdmin,
      payload: body,
    });
    expect(noVersion.statusCode).toBe(428);

    // Never saved has a version of its own: both admins read the empty setting, the first save is written and
    // the second, on the same reading, is refused rather than written over it.
    const neverSaved = { 'if-match': `"${ALERT_SETTINGS_NEVER_SAVED}"` };
    const saved = await app.inject({
      method: 'PUT',
      url,
      headers: { ...w.headers.cabAdmin, ...neverSaved },
      payload: { ...body, memberIds: [w.users.reader.id], groupIds: [w.groups.legal.id] },
    });
    expect(saved.statusCode).toBe(200);
    const second = await app.inject({
      method: 'PUT',
      url,
      headers: { ...w.headers.admin, ...neverSaved },
      payload: body,
    });
    expect(second.json<{ error: { code: string } }>().error.code).toBe('stale_version');
    const settings = saved.json<Settings>().settings;
    expect(settings.rules).toEqual([
      { key: 'validityEndNoticeAt:30', dateItem: 'validityEndNoticeAt', daysBefore: 30 },
    ]);
    expect(settings.members.map((m) => m.name)).toEqual(['閲覧 太郎']);
    expect(settings.groups.map((g) => g.name)).toEqual(['法務部']);

    const stale = await app.inject({
      method: 'PUT',
      url,
      headers: { ...w.headers.admin, 'if-match': '"2020-01-01T00:00:00.000Z"' },
      payload: body,
    });
    expect(stale.statusCode).toBe(409);
    const events = await queryRows<{ action: string }>(
      deps.database.db,
      sql`select action from audit_events where target_id = ${w.cabinets.contracts.id}`,
    );
    expect(events.map((e) => e.action)).toEqual(['cabinet.alertsChanged']);
  });

  it("refuses bad rules in Japanese and another company's members as not found", async () => {
    const bad = await app.inject({
      method: 'PUT',
      url,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: { ...body, rules: [{ dateItem: 'contractAt', daysBefore: -1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(
      '対象の日付は「解約通知期限」または「契約終了日」から選んでください。',
    );
    expect(bad.body).toContain('何日前かは0以上で入力してください。');
    const foreign = await app.inject({
      method: 'PUT',
      url,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: { ...body, memberIds: [w.other.admin.id] },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('期限が近い書類 and the calendar feed', () => {
  it('lists what the caller may read, and the feed follows its secret until revoked', async () => {
    await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.hr.id}/alert_settings`,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: body,
    });
    const titles = async (h: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/documents_upcoming_deadlines', headers: h }))
        .json<{ items: TUpcomingDeadline[] }>()
        .items.map((i) => `${i.title} ${i.daysLeft}`);
    expect(await titles(w.headers.admin)).toEqual(['業務委託契約書 21', '雇用契約書 21']);
    expect(await titles(w.headers.reader)).toEqual(['業務委託契約書 21']);
    expect(await titles(w.headers.outsider)).toEqual([]);
    expect(await titles(w.headers.otherAdmin)).toEqual([]);

    const issued = await app.inject({
      method: 'POST',
      url: '/account/calendar_feed',
      headers: w.headers.reader,
    });
    expect(issued.statusCode).toBe(200);
    const feedUrl = new URL(issued.json<{ url: string }>().url);
    const ics = await app.inject({ method: 'GET', url: feedUrl.pathname });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('DTSTART;VALUE=DATE:20270331');
    expect(ics.body).toContain(ids.contract);
    expect(ics.body).not.toContain(ids.hr);

    const status = await app.inject({
      method: 'GET',
      url: '/account/calendar_feed',
      headers: w.headers.reader,
    });
    expect(status.json()).toMatchObject({ isIssued: true, url: null });
    // Issued again: the old secret answers 401.
    const again = await app.inject({
      method: 'POST',
      url: '/account/calendar_feed',
      headers: w.headers.reader,
    });
    expect((await app.inject({ method: 'GET', url: feedUrl.pathname })).statusCode).toBe(401);
    const second = new URL(again.json<{ url: string }>().url).pathname;
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    await app.inject({
      method: 'DELETE',
      url: '/account/calendar_feed',
      headers: w.headers.reader,
    });
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/calendar_feeds/nope.ics' })).statusCode).toBe(
      401,
    );
  });
});
