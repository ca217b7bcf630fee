/**
 * Fields the company's IdP owns on a member it provisions (作成元 SCIM): 氏名, メールアドレス, 所属 and the
 * 利用状態. The console's own saves (drawer, API) are refused with the reason; SCIM's requests (origin source
 * 「SCIM」) go through. The member CSV's edit check refuses the same columns (member-bulk/member-checker.ts).
 */
import { SCIM_OWNED_MESSAGE } from '@cloudsign/contract';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';

const LABELS = { name: '氏名', email: 'メールアドレス', organization: '所属' } as const;
type Owned = keyof typeof LABELS;

const isConsole = (who: { origin?: RequestOrigin | undefined }) => who.origin?.source !== 'SCIM';

/** 400 naming each SCIM-owned field the body would change. */
export function refuseScimOwnedFields(
  current: { source: string } & Record<Owned, string>,
  body: Partial<Record<Owned, string | undefined>>,
  who: { origin?: RequestOrigin | undefined },
) {
  if (current.source !== 'scim' || !isConsole(who)) return;
  const details = (Object.keys(LABELS) as Owned[])
    .filter((f) => body[f] !== undefined && body[f] !== current[f])
    .map((f) => ({ path: f, message: `${LABELS[f]}は${SCIM_OWNED_MESSAGE}` }));
  if (details.length > 0) throw new AppError('validation_failed', details[0]!.message, details);
}

/** 利用停止 / 利用再開 from the console of a member the IdP provisions. */
export function refuseScimOwnedStatus(
  current: { source: string },
  who: { origin?: RequestOrigin | undefined },
) {
  if (current.source !== 'scim' || !isConsole(who)) return;
  const message = `利用状態は${SCIM_OWNED_MESSAGE}IdPで変更してください。`;
  throw new AppError('validation_failed', message, [{ path: 'status', message }]);
}
