/**
 * SCIM creates of one company written together (group commit, docs/decisions.md "SCIM creates written
 * together"). A create holds the company's audit chain head and member counts from its event to its commit, so
 * an IdP's 20 concurrent POST /Users ran one after the other, each paying a whole transaction. Here a create
 * joins the company's queue in this process; while one batch is being written the next ones gather, and the
 * next batch writes them all in one transaction with one statement per kind of row (as the member CSV add's
 * executor does): each member, his external id, his invitation's job, his own member.created event and his
 * request's line of the provisioning log, in the order they arrived. Every request still gets its own answer:
 * - an e-mail already used (by anyone, or by an earlier create of the same batch) is that request's 409: the
 *   members' insert skips a taken one, the batch is rolled back and written again without it, so the unique
 *   index, not this process, decides (another process's batch included);
 * - any other failure of the batch writes its creates again one by one, each in its own transaction, so one
 *   bad row answers its own error and the others are made.
 * Nothing is answered before the commit; invitations are mailed by their jobs after it.
 */
import type { AppDeps } from '../../deps.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { outsideQueryScope } from '../../db/query-scope.ts';
import { emailTaken } from '../members/members.service.ts';
import { memberCreatedEvent, newMemberRow } from '../members/member-created.ts';
import type { CreateMemberBody } from '../members/member-values.ts';
import { inviterOf } from '../members/member-mappers.ts';
import { recordAuditEvents } from '../audit-log/audit-log.record.ts';
import { companyUsesSso } from '../sso/sso-routing.service.ts';
import { insertNewMembers, type ScimUserRow } from './scim.repository.ts';
import { queueScimInvitation } from './scim-invitations.ts';
import type { ScimWho } from './scim-who.ts';

export type NewScimUser = {
  body: CreateMemberBody;
  externalId: string | null | undefined;
  isDeactivated: boolean;
};

type Create = {
  who: ScimWho;
  user: NewScimUser;
  /** The create on its own (the path taken when its batch fails). */
  alone: () => Promise<ScimUserRow>;
  resolve: (made: Made) => void;
  reject: (err: unknown) => void;
};
/** The member made, and whether his line of the provisioning log was written with him. */
export type Made = { row: ScimUserRow; isLogged: boolean };
type Outcome = { row: ScimUserRow } | { error: Error };

/** Creates in one transaction at most; more wait for the next. */
const MAX_BATCH = 200;
/**
 * Tries of a batch that found e-mails taken (the first finds those taken before it, a later one those another
 * writer took meanwhile), before going one by one.
 */
const ATTEMPTS = 4;

/**
 * E-mails of the batch already taken (by anyone: the unique index said so): the batch is rolled back and
 * written again without them, each answered its 409.
 */
class EmailsTaken extends Error {
  constructor(readonly emails: string[]) {
    super('e-mails taken');
  }
}

/**
 * The batch's rows, in one transaction; the outcome of each create in its order. No look-up of the e-mails
 * first: the members' insert finds the taken ones (a re-sent user is rare in a sync, and costs one more try).
 * The transaction's round trips are what the batch's clients wait for: the invitations' job, one statement for
 * the members with their external ids and log lines, the events, the commit.
 */
async function writeBatch(
  deps: AppDeps,
  tx: DbOrTx,
  companyId: string,
  creates: readonly Create[],
  isSsoOnly: boolean,
  taken: ReadonlySet<string>,
): Promise<Outcome[]> {
  const claimed = new Set(taken);
  const made = new Map<Create, ReturnType<typeof newMemberRow>>();
  for (const c of creates) {
    // The same address twice in one batch: the first is made, the other is told it is taken.
    if (claimed.has(c.user.body.email)) continue;
    claimed.add(c.user.body.email);
    made.set(
      c,
      newMemberRow(companyId, c.user.body, deps.clock(), {
        source: 'scim',
        isDeactivated: c.user.isDeactivated,
        isSsoOnly,
      }),
    );
  }
  const list = [...made];
  // One job for the batch's invitations (per token naming the inviter), in the same transaction: rolled back
  // with a member that is not made.
  const invited = new Map<string, string[]>();
  for (const [c, m] of list) {
    if (!m.isInvited) continue;
    const inviter = inviterOf(c.who);
    invited.set(inviter, [...(invited.get(inviter) ?? []), m.values.id]);
  }
  for (const [inviter, memberIds] of invited)
    await queueScimInvitation(deps, tx, { companyId, inviter, memberIds });
  // The rows before the events, as createMember orders them: every writer of members takes the member counts
  // before the chain head, so two of them never wait for each other in opposite orders. Their lines of the
  // provisioning log commit with them: no second commit before each answer (scim.routes.ts).
  const inserted = new Set(
    (
      await insertNewMembers(
        tx,
        list.map(([, m]) => m.values),
        list.flatMap(([c, m]) =>
          c.user.externalId
            ? [
                {
                  companyId,
                  resourceType: 'User',
                  resourceId: m.values.id,
                  externalId: c.user.externalId,
                },
              ]
            : [],
        ),
        list.map(([c, m]) => ({
          companyId,
          occurredAt: m.values.createdAt,
          tokenId: c.who.user.id,
          tokenName: c.who.user.name,
          method: 'POST',
          resource: 'Users',
          target: m.values.email.slice(0, 300),
          status: 201,
          detail: '',
        })),
      )
    ).map((r) => r.id),
  );
  const missing = list.filter(([, m]) => !inserted.has(m.values.id));
  if (missing.length > 0) throw new EmailsTaken(missing.map(([c]) => c.user.body.email));
  await recordAuditEvents(
    tx,
    list.map(([c, m]) => memberCreatedEvent(c.who, m)),
  );
  return creates.map((c) => {
    const m = made.get(c);
    if (!m) return { error: emailTaken(c.user.body.email) };
    const v = m.values;
    return {
      row: {
        held: false,
        externalId: c.user.externalId || null,
        id: v.id,
        email: v.email,
        name: v.name,
        organization: v.organization,
        status: v.status,
        createdAt: v.createdAt,
        updatedAt: v.updatedAt,
      },
    };
  });
}

/** `ssoRead`: whether the company signs in by SSO only, read while the batch gathered (drain). */
async function settle(
  deps: AppDeps,
  companyId: string,
  creates: Create[],
  ssoRead: Promise<boolean>,
) {
  try {
    const isSsoOnly = await ssoRead;
    const taken = new Set<string>();
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const outcomes = await deps.database.db.transaction((tx) =>
          writeBatch(deps, tx, companyId, creates, isSsoOnly, taken),
        );
        outcomes.forEach((o, i) =>
          'row' in o
            ? creates[i]!.resolve({ row: o.row, isLogged: true })
            : creates[i]!.reject(o.error),
        );
        return;
      } catch (err) {
        if (!(err instanceof EmailsTaken)) throw err;
        for (const email of err.emails) taken.add(email);
      }
    }
  } catch (err) {
    // Below: each create on its own says what went wrong with it.
    deps.logger.warn({ err, creates: creates.length }, 'SCIM create batch failed: one by one');
  }
  await Promise.all(
    creates.map((c) => c.alone().then((row) => c.resolve({ row, isLogged: false }), c.reject)),
  );
}

type Queue = {
  waiting: Create[];
  isWriting: boolean;
  expected: number;
  lastMs: number;
  /** The SSO setting read for the creates waiting (readSso). */
  ssoRead: Promise<boolean> | null;
};
const queues = new WeakMap<Database, Map<string, Queue>>();

/** The longest a batch waits for the creates of the last one to come back. */
const GATHER_MAX_MS = 50;

/**
 * An IdP's clients send their next user as soon as their answer arrives, and the answers of a batch arrive
 * together: a batch begun with the first one back would hold the chain and counts for a whole transaction
 * while the others queue behind it (measured: batches of 19 and 1 in turn). So a batch waits until as many
 * creates as were in flight around the last batch are there (its own and those that arrived while it was
 * written), at most as long as the last batch took (and GATHER_MAX_MS): a lone create (a sync at one request
 * at a time) never waits. Counting only the last batch's own creates, 20 clients settled into two groups
 * written in turn (14 and 6, each waiting out the other's transaction) whenever a round trip outlasted the
 * 20 ms the wait then had; each batch costs the same handful of statements whatever its size.
 */
async function gather(q: Queue) {
  const until = performance.now() + Math.min(GATHER_MAX_MS, q.lastMs);
  while (q.waiting.length < Math.min(q.expected, MAX_BATCH) && performance.now() < until)
    await new Promise((r) => setImmediate(r));
}

/**
 * The company's SSO setting (whether its new members sign in by SSO only, so get no invitation) is read for
 * each batch as its first create arrives, while the batch gathers and the one before it is written: that read
 * was a round trip of its own between one batch's commit and the next one's first statement, where every
 * create of the company waited. Read for every batch, as before, never kept.
 */
const readSso = (deps: AppDeps, companyId: string) => {
  const read = companyUsesSso(deps, companyId);
  // Awaited by settle, whose failure path answers each create; never an unhandled rejection meanwhile.
  read.catch(() => undefined);
  return read;
};

async function drain(deps: AppDeps, companyId: string, q: Queue) {
  for (await gather(q); q.waiting.length > 0; await gather(q)) {
    const creates = q.waiting.splice(0, MAX_BATCH);
    const ssoRead = q.ssoRead === null ? readSso(deps, companyId) : q.ssoRead;
    q.ssoRead = q.waiting.length > 0 ? readSso(deps, companyId) : null;
    const started = performance.now();
    await settle(deps, companyId, creates, ssoRead);
    q.lastMs = performance.now() - started;
    // The clients in flight: this batch's, about to come back, and those that arrived while it was written.
    // Slow to forget a larger number: one batch short of stragglers does not halve the next.
    q.expected = Math.max(creates.length + q.waiting.length, Math.floor(q.expected * 0.9));
  }
}

/**
 * Joins the company's next batch; settles once that batch (or this create alone) has committed or failed.
 * One batch of a company at a time in this process: the database would hold a second one at the chain head.
 */
export function createTogether(
  deps: AppDeps,
  who: ScimWho,
  user: NewScimUser,
  alone: () => Promise<ScimUserRow>,
): Promise<Made> {
  let byCompany = queues.get(deps.database);
  if (!byCompany) queues.set(deps.database, (byCompany = new Map<string, Queue>()));
  const companyId = who.user.companyId;
  let queue = byCompany.get(companyId);
  if (!queue) {
    queue = { waiting: [], isWriting: false, expected: 1, lastMs: 0, ssoRead: null };
    byCompany.set(companyId, queue);
  }
  const q = queue;
  const done = new Promise<Made>((resolve, reject) =>
    q.waiting.push({ who, user, alone, resolve, reject }),
  );
  if (q.ssoRead === null) q.ssoRead = outsideQueryScope(() => readSso(deps, companyId));
  const write = () => {
    q.isWriting = true;
    // The batch writes for every request in it: one client leaving cancels none of it (db/query-scope.ts).
    void outsideQueryScope(() => drain(deps, companyId, q)).finally(() => {
      q.isWriting = false;
      // A create may have joined between the last batch and this turn.
      if (q.waiting.length > 0) write();
      else byCompany.delete(companyId);
    });
  };
  if (!q.isWriting) write();
  return done;
}
