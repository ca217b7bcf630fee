/**
 * Four weeks of audit history for a demo company whose audit log is on, so the viewer has something to
 * show: sign-ins on working days, a few failures, member and group changes by the admins (before → after
 * ending in what the members hold now), cabinet changes, PDF views and downloads.
 * Rows go in oldest first: the chain trigger numbers and hashes them one by one, like live writes.
 */
import { AUDIT_ACTIONS, type TAuditAction, type TRole, memberLabel } from '@cloudsign/contract';
import type { auditEvents } from '../db/schema.ts';
import type { DemoCompany } from './demo-companies.ts';
import type { UserRow } from './demo-people.ts';
import type { Rand } from './prng.ts';

type Row = typeof auditEvents.$inferInsert;
type Target = { type: string; id: string; name: string };

const DAYS = 28;
const DAY_MS = 86_400_000;
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];

const memberTarget = (m: UserRow): Target => ({
  type: 'member',
  id: m.id,
  name: m.name ? `${m.name} <${m.email}>` : m.email,
});

export function buildAuditHistory(rand: Rand, c: DemoCompany, now: Date): Row[] {
  const rows: Row[] = [];
  const start = now.getTime() - DAYS * DAY_MS;
  const active = c.members.filter((m) => m.status === 1);
  const [admin, member, auditor] = c.members;
  const others = active.slice(3);
  const byId = new Map(c.members.map((m) => [m.id, m]));
  const nameOf = (id: string) => byId.get(id)?.name || byId.get(id)?.email || '';
  const ipOf = new Map<string, string>();
  const ip = (m: UserRow) => {
    if (!ipOf.has(m.id)) ipOf.set(m.id, `203.0.113.${rand.int(10, 250)}`);
    return ipOf.get(m.id)!;
  };
  /** A moment in Japan's working hours (9:00–19:00 JST) of day `d` counted from the start. */
  const at = (d: number) => {
    const day = new Date(start + d * DAY_MS);
    const jstMidnight =
      Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - 9 * 3600_000;
    return new Date(jstMidnight + (9 * 3600 + rand.int(0, 10 * 3600)) * 1000);
  };
  const add = (
    when: Date,
    actor: UserRow | null,
    action: TAuditAction,
    target: Target | null,
    details: Record<string, unknown> = {},
  ) => {
    if (when.getTime() > now.getTime()) return;
    rows.push({
      companyId: c.company.id,
      occurredAt: when,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? '',
      actorEmail: actor?.email ?? '',
      ip: actor ? ip(actor) : '',
      userAgent: actor ? rand.pick(UAS) : '',
      requestId: actor ? rand.uuid() : '',
      action,
      category: AUDIT_ACTIONS[action].category,
      targetType: target?.type ?? '',
      targetId: target?.id ?? '',
      targetName: target?.name ?? '',
      details,
    });
  };
  if (!admin || !member || !auditor) return rows;

  const docs = c.docs.documents;
  for (let d = 0; d <= DAYS; d++) {
    const weekday = new Date(start + d * DAY_MS + 9 * 3600_000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const m of [admin, member, auditor, ...rand.sample(others, rand.int(4, 9))]) {
      // As the site records them: the member signing in is also the target, by name.
      const self = { type: 'member', id: m.id, name: memberLabel(m) };
      if (rand.chance(0.06)) add(at(d), m, 'auth.signInFailed', self, { reason: 'wrong_password' });
      add(at(d), m, 'auth.signIn', self);
    }
    for (let i = rand.int(1, 4); i > 0; i--) {
      const doc = rand.pick(docs);
      const m = rand.pick([member, ...others]);
      const target = { type: 'document', id: doc.id, name: doc.title };
      add(at(d), m, 'document.pdfViewed', target, {
        file: { id: rand.uuid(), name: `${doc.title}.pdf` },
      });
      if (rand.chance(0.4))
        add(at(d), m, 'document.pdfDownloaded', target, {
          file: { id: rand.uuid(), name: `${doc.title}.pdf` },
        });
    }
  }

  // What the admins changed, ending in what the members hold now.
  const before = (roles: readonly TRole[], drop: TRole) => roles.filter((r) => r !== drop);
  add(at(3), admin, 'member.updated', memberTarget(member), {
    organization: { before: '営業部', after: member.organization },
  });
  for (const [i, m] of others
    .filter((o) => (o.roles ?? []).length > 0)
    .slice(0, 6)
    .entries()) {
    const roles = (m.roles ?? []) as TRole[];
    add(at(2 + i * 4), admin, 'member.updated', memberTarget(m), {
      roles: { before: before(roles, roles[0]!), after: roles },
    });
  }
  const userGroups = c.groups.slice(1);
  for (const [i, g] of rand.sample(userGroups, 3).entries()) {
    const inGroup = c.memberships.filter((x) => x.groupId === g.id).map((x) => x.userId);
    const added = rand.sample(inGroup, rand.int(1, 3));
    if (added.length === 0) continue;
    add(
      at(6 + i * 6),
      admin,
      'memberGroup.membersAdded',
      { type: 'memberGroup', id: g.id, name: g.name },
      {
        count: added.length,
        members: added.map((id) => ({ id, name: nameOf(id) })),
      },
    );
  }
  const cab = c.cabinets[1];
  if (cab) {
    const target = { type: 'cabinet', id: cab.id, name: cab.name };
    add(at(9), admin, 'cabinet.updated', target, {
      note: { before: '営業部門の契約書', after: cab.note },
    });
    // As the product records it: members by name at that moment (modules/cabinets/cabinets.service.ts).
    add(at(9), admin, 'cabinet.adminsAdded', target, {
      members: [{ id: member.id, name: memberLabel(member) }],
    });
  }
  return rows.sort((a, b) => a.occurredAt!.getTime() - b.occurredAt!.getTime());
}
