/**
 * The daily digest of alerts (docs/design.md §2 "期限アラート"), run each JST morning by a pg-boss schedule.
 *
 * Exactly once: for each recipient, one transaction inserts the (rule, document, deadline, recipient) keys not
 * yet in alert_sent_keys and, if any went in, the outbox row that lists exactly those. A second run, a second
 * worker or a retry after a worker died inserts no key twice (the primary key; a concurrent insert waits for
 * the other's commit and then does nothing), so no document is mailed twice for a rule and deadline; and what
 * a dead run did not commit is found again by the next run, because an alert stays due from its alert day
 * until its deadline. Delivery from the outbox is a separate step: a row is locked while it is handed to the
 * mailer and marked sent in the same transaction.
 */
import { alertRuleLabel } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { readsDocumentIn, type Readable } from '../../auth/access.ts';
import { jstDateTime } from '../../lib/time/jst.ts';
import type * as repo from './alerts.repository.ts';
import { alertsOf, type Ctx } from './alerts.service.ts';
import { dueDeadline, jstDay } from './alert-deadlines.ts';

type DigestItem = repo.SentKey & {
  title: string;
  counterparty: string | null;
  cabinetName: string;
  ruleLabel: string;
};

export type DigestDeps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'logger'> &
  Pick<Ctx, 'alerts'>;
export type DigestHooks = {
  /** Tests: called after each recipient's transaction commits (a throw here is a worker dying mid-run). */
  afterRecipient?: (userId: string) => void;
};

/**
 * Due items per recipient, over every company's cabinets with rules; only documents the recipient may read.
 * Each cabinet's due documents are read once with the cabinets they are filed in, and each recipient's reading
 * rights once per run: a recipient's share is then `readsDocumentIn`, the same rule as the list's SQL.
 */
async function dueByRecipient(deps: DigestDeps, today: string) {
  const db = deps.database.db;
  const repo = alertsOf(deps);
  const byUser = new Map<
    string,
    { recipient: repo.Recipient; companyId: string; items: DigestItem[] }
  >();
  const readables = new Map<string, Promise<Readable>>();
  const readableOf = (recipient: repo.Recipient, companyId: string) => {
    const known = readables.get(recipient.id);
    if (known) return known;
    const read = repo.readableCabinets(db, {
      isCompanyAdmin: recipient.isCompanyAdmin,
      user: { id: recipient.id, companyId },
    });
    readables.set(recipient.id, read);
    return read;
  };
  for (const cabinet of await repo.cabinetsWithRules(db)) {
    const lead = Math.max(...cabinet.rules.map((r) => r.daysBefore));
    const due = (await repo.digestCandidates(db, cabinet, today, lead)).flatMap((doc) =>
      cabinet.rules.flatMap((rule) => {
        const d = dueDeadline(doc, rule, today);
        return d ? [{ doc, rule, deadline: d.deadline }] : [];
      }),
    );
    if (due.length === 0) continue;
    for (const recipient of await repo.recipientsOf(db, cabinet)) {
      const readable = await readableOf(recipient, cabinet.companyId);
      const entry = byUser.get(recipient.id) ?? {
        recipient,
        companyId: cabinet.companyId,
        items: [],
      };
      for (const { doc, rule, deadline } of due) {
        if (!readsDocumentIn(readable, doc.cabinetIds)) continue;
        entry.items.push({
          cabinetId: cabinet.cabinetId,
          ruleKey: rule.key,
          documentId: doc.id,
          deadline,
          userId: recipient.id,
          title: doc.title,
          counterparty: doc.counterparty,
          cabinetName: cabinet.isSystem ? 'すべての書類' : cabinet.cabinetName,
          ruleLabel: alertRuleLabel(rule),
        });
      }
      if (entry.items.length > 0) byUser.set(recipient.id, entry);
    }
  }
  return [...byUser.values()];
}

const keyOf = (k: repo.SentKey) =>
  `${k.cabinetId}|${k.ruleKey}|${k.documentId}|${k.deadline}|${k.userId}`;

function digestBody(siteUrl: string, name: string, today: string, items: DigestItem[]): string {
  const lines = [
    `${name || 'ご担当者'} 様`,
    '',
    `期限が近づいている書類が${items.length}件あります（${today.replaceAll('-', '/')} 時点）。`,
    '',
  ];
  for (const i of items) {
    lines.push(
      `■ ${i.title}`,
      `  ${i.ruleLabel}（期限: ${i.deadline.replaceAll('-', '/')}） キャビネット: ${i.cabinetName}`,
      ...(i.counterparty ? [`  取引先: ${i.counterparty}`] : []),
      `  ${siteUrl}/company/documents?documentId=${i.documentId}`,
      '',
    );
  }
  lines.push('このメールは、キャビネットの期限アラートの設定にもとづいて送信しています。');
  return lines.join('\n');
}

/** Puts today's digests in the outbox; answers how many mails were added. */
export async function runAlertDigests(deps: DigestDeps, hooks: DigestHooks = {}): Promise<number> {
  const now = deps.clock();
  const today = jstDay(now);
  const repo = alertsOf(deps);
  let mails = 0;
  for (const { recipient, companyId, items } of await dueByRecipient(deps, today)) {
    const outboxId = crypto.randomUUID();
    const added = await deps.database.db.transaction(async (tx) => {
      const inserted = new Set(
        (await repo.insertSentKeys(tx, companyId, outboxId, items)).map(keyOf),
      );
      const fresh = items.filter((i) => inserted.has(keyOf(i)));
      if (fresh.length === 0) return 0;
      await repo.insertOutbox(tx, {
        id: outboxId,
        companyId,
        userId: recipient.id,
        recipient: recipient.email,
        subject: `【クラウドサイン】期限が近い書類のお知らせ（${fresh.length}件）`,
        body: digestBody(deps.env.SITE_URL, recipient.name, today, fresh),
        digestDate: today,
      });
      return 1;
    });
    mails += added;
    hooks.afterRecipient?.(recipient.id);
  }
  deps.logger.info({ mails, today, at: jstDateTime(now) }, 'alert digests queued');
  return mails;
}

/** Hands waiting digests to the mailer, one locked row at a time; answers how many were sent. */
export async function deliverAlertMails(
  deps: DigestDeps & Pick<AppDeps, 'mailer'>,
): Promise<number> {
  const repo = alertsOf(deps);
  let sent = 0;
  for (;;) {
    const done = await deps.database.db.transaction(async (tx) => {
      const row = await repo.lockNextPending(tx);
      if (!row) return false;
      await deps.mailer.send({ to: row.recipient, subject: row.subject, text: row.body });
      await repo.markSent(tx, row.id, deps.clock());
      return true;
    });
    if (!done) return sent;
    sent += 1;
  }
}
