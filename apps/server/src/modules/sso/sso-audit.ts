/**
 * The audit trail of SSO settings (docs/design.md "Single sign-on"): whoever controls the IdP settings can sign
 * in as any member, so every change is recorded before → after in its transaction (certificates by their
 * SHA-256 fingerprints, lists of admins and groups by name), and the other company admins are told by mail.
 */
import { SSO_AUDIT_FIELDS, type TSsoAuditField } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditBy, changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import * as repo from './sso.repository.ts';
import type { SsoSettingsRow } from './sso.repository.ts';
import { groupNames, memberNames } from './sso-audit.repository.ts';

/** The company's other admins, told of a change (the leavers' mail names them too). */
export { otherCompanyAdmins } from './sso-audit.repository.ts';
import { certificateInfo } from './sso-metadata.ts';
import { ssoChangeNoticeJob, type SsoChangeNotice } from './sso-change-notice.ts';

export type SsoAuditWho = Pick<AuthContext, 'user' | 'company' | 'origin'>;
type Named = { id: string; name: string };
export type SsoAuditView = Record<TSsoAuditField, unknown>;

const FIELDS = Object.keys(SSO_AUDIT_FIELDS) as TSsoAuditField[];

/** Names in the order the ids were saved; an id no longer found keeps its place with an empty name. */
const inOrder = (ids: string[], rows: Named[]) =>
  ids.map((id) => ({ id, name: rows.find((r) => r.id === id)?.name ?? '' }));

/** The settings as the log shows them (null: no IdP registered yet). */
export async function ssoAuditView(
  db: DbOrTx,
  companyId: string,
  row: SsoSettingsRow | null,
  enabled: boolean,
): Promise<SsoAuditView> {
  return {
    idpEntityId: row?.idpEntityId ?? null,
    idpSsoUrl: row?.idpSsoUrl ?? null,
    certificates: (row?.idpCertificates ?? []).map((c) => certificateInfo(c).fingerprint),
    emailAttribute: row?.emailAttribute ?? null,
    nameAttribute: row?.nameAttribute ?? null,
    organizationAttribute: row?.organizationAttribute ?? null,
    jitEnabled: row?.jitEnabled ?? false,
    jitGroups: inOrder(
      row?.jitGroupIds ?? [],
      await groupNames(db, companyId, row?.jitGroupIds ?? []),
    ),
    exceptions: inOrder(
      row?.exceptionUserIds ?? [],
      await memberNames(db, companyId, row?.exceptionUserIds ?? []),
    ),
    enabled,
  };
}

/**
 * Records `sso.settingsChanged` with each changed field and queues the notice to the other company admins,
 * both in the change's transaction (no change without its event and its notice). Nothing changed: nothing.
 */
export async function recordSsoChange(
  deps: AppDeps,
  tx: DbOrTx,
  who: SsoAuditWho,
  before: SsoAuditView,
  after: SsoAuditView,
  opts: { lastTestCleared?: boolean } = {},
) {
  const changed = changes(before, after, FIELDS);
  const fields = Object.keys(changed) as TSsoAuditField[];
  if (fields.length === 0) return;
  await recordAuditEvent(tx, {
    ...auditBy(who),
    action: 'sso.settingsChanged',
    target: { type: 'company', id: who.company.id, name: who.company.name },
    details: { ...changed, ...(opts.lastTestCleared && { lastTestCleared: true }) },
  });
  const notice: SsoChangeNotice = {
    companyId: who.company.id,
    actor: { id: who.user.id, name: who.user.name, email: who.user.email },
    fields,
    at: deps.clock().toISOString(),
  };
  await deps.jobs.send(ssoChangeNoticeJob, notice, { tx, companyId: who.company.id });
}

/**
 * Runs one change of the settings (or of SSO on/off) in a transaction with its audit event, under the
 * company's SSO settings lock (a versioned save compares its version inside `change`): the settings are
 * read before and after, so whatever the change touched is what the event says. A change that drops the last
 * connection test says so (a new IdP or certificate must be tested again before SSO can be switched on).
 */
export async function audited(
  deps: AppDeps,
  who: SsoAuditWho,
  change: (tx: DbOrTx) => Promise<unknown>,
) {
  const companyId = who.user.companyId;
  await deps.database.db.transaction(async (tx) => {
    // One change at a time per company: what is read below is what the change is based on.
    await repo.lockSettings(tx, companyId);
    const read = async () => {
      const company = await repo.findCompany(tx, companyId);
      const row = await repo.findSettings(tx, companyId);
      const enabled = company?.isEnabledFederatedIdentity ?? false;
      return { row, view: await ssoAuditView(tx, companyId, row, enabled) };
    };
    const before = await read();
    await change(tx);
    const after = await read();
    await recordSsoChange(deps, tx, who, before.view, after.view, {
      lastTestCleared: !!before.row?.lastTest && !after.row?.lastTest,
    });
  });
}
