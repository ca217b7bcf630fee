/** Rules of the user-defined document attribute items (docs/design.md §2; contract document-attribute-options.ts). */
import type {
  TDocumentAttributeOption,
  TDocumentAttributeOptionsUpdate,
} from '@cloudsign/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, contentVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import * as repo from './document-attribute-options.repository.ts';
import { recordOptionsChange, type AuditWho } from './document-attribute-options.audit.ts';

/** The company's items in their order, for the areas that read or write values under them. */
export { selectOptions } from './document-attribute-options.repository.ts';

type Item = Pick<TDocumentAttributeOption, 'id' | 'name' | 'isEnabled' | 'isRequired'>;
const shape = (items: Item[]) => items.map((o) => [o.id, o.name, o.isEnabled, o.isRequired]);

/**
 * The list's version, drawn from what an admin edits (the list has no row of its own to carry an updated_at):
 * any change an admin could make moves it, and a list changed back to what someone read is that same list, so
 * saving over it loses nothing.
 */
export const optionsVersion = (items: Item[]) => contentVersion(shape(items));

export async function listOptions(db: Db, companyId: string) {
  const items = await repo.selectOptions(db, companyId);
  return { documentAttributeOptions: items, version: optionsVersion(items) };
}

/**
 * Replaces the list in one transaction: kept ids keep the values documents store under them. The audit event
 * commits with the change. The version is compared under the company's lock, so of two replacements based on
 * one read the second is refused; the same list sent again writes nothing.
 */
export async function replaceOptions(
  db: Db,
  who: AuditWho,
  input: TDocumentAttributeOptionsUpdate,
  expected: ExpectedVersion,
) {
  const companyId = who.user.companyId;
  return db.transaction(async (tx) => {
    await repo.lockCompanyOptions(tx, companyId);
    const current = await repo.selectOptions(tx, companyId);
    assertVersion(expected, optionsVersion(current));
    const currentIds = new Set(current.map((o) => o.id));
    const details = input.documentAttributeOptions.flatMap((o, i) =>
      o.id && !currentIds.has(o.id)
        ? [
            {
              path: `documentAttributeOptions.${i}.id`,
              message: `${i + 1}番目の項目は見つかりません。画面を更新してやり直してください。`,
            },
          ]
        : [],
    );
    if (details.length > 0) throw new AppError('validation_failed', details[0]!.message, details);
    const asSent = input.documentAttributeOptions.map((o) => ({ ...o, id: o.id ?? '' }));
    if (JSON.stringify(shape(asSent)) === JSON.stringify(shape(current)))
      return { documentAttributeOptions: current, version: optionsVersion(current) };

    const keptIds = input.documentAttributeOptions.flatMap((o) => (o.id ? [o.id] : []));
    await repo.deleteOptionsExcept(tx, companyId, keptIds);
    await repo.renameKeptOptionsToTemporary(tx, companyId, keptIds);
    for (const [position, o] of input.documentAttributeOptions.entries()) {
      const values = { name: o.name, isEnabled: o.isEnabled, isRequired: o.isRequired, position };
      if (o.id) await repo.updateOption(tx, companyId, o.id, values);
      else await repo.insertOption(tx, companyId, values);
    }
    const after = await repo.selectOptions(tx, companyId);
    await recordOptionsChange(tx, who, current, after);
    return { documentAttributeOptions: after, version: optionsVersion(after) };
  });
}
