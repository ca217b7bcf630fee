/**
 * The audit event of a replaced item list (書類情報の項目): the list before → after in the settings page's words,
 * and the items added and removed by id (a removed item takes its stored values off every document).
 */
import type { TDocumentAttributeOption } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';

type Item = Pick<TDocumentAttributeOption, 'id' | 'name' | 'isEnabled' | 'isRequired'>;
export type AuditWho = Pick<AuthContext, 'user' | 'company' | 'origin'>;

const label = (o: Item) =>
  `${o.name}${o.isRequired ? '（必須）' : ''}${o.isEnabled ? '' : '（無効）'}`;
const named = (items: Item[]) => items.map((o) => ({ id: o.id, name: o.name }));

/** Records the change when the list differs; a PUT of the same list records nothing. */
export async function recordOptionsChange(
  tx: DbOrTx,
  who: AuditWho,
  before: Item[],
  after: Item[],
) {
  const beforeIds = new Set(before.map((o) => o.id));
  const afterIds = new Set(after.map((o) => o.id));
  const added = after.filter((o) => !beforeIds.has(o.id));
  const removed = before.filter((o) => !afterIds.has(o.id));
  const items = { before: before.map(label), after: after.map(label) };
  const sameOrder = before.map((o) => o.id).join() === after.map((o) => o.id).join();
  if (sameOrder && JSON.stringify(items.before) === JSON.stringify(items.after)) return;
  await recordAuditEvent(tx, {
    ...auditBy(who),
    action: 'document.attributeOptionsChanged',
    target: { type: 'company', id: who.company.id, name: who.company.name },
    details: {
      items,
      ...(added.length > 0 && { added: named(added) }),
      ...(removed.length > 0 && { removed: named(removed) }),
    },
  });
}
