/**
 * The audit event of a connection test that reached the ACS with a verified response: its result is what lets
 * SSO be switched on, so who ran it and which member the IdP answered for are recorded with the stored result.
 * (A refused test is an `auth.signInFailed` with `connectionTest`.)
 */
import type { TSsoTestResult } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { findMember } from './sso-audit.repository.ts';

export async function recordConnectionTest(
  tx: DbOrTx,
  companyId: string,
  companyName: string,
  testedBy: string | null,
  origin: RequestOrigin | undefined,
  result: TSsoTestResult,
) {
  const actor = testedBy ? await findMember(tx, companyId, testedBy) : null;
  await recordAuditEvent(tx, {
    companyId,
    actor,
    origin,
    action: 'sso.connectionTested',
    target: { type: 'company', id: companyId, name: companyName },
    details: {
      ok: result.ok,
      email: result.email,
      ...(result.member && { member: result.member }),
    },
  });
}
