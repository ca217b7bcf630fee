/** Rules of the user-defined document attribute items (docs/design.md §2; contract document-attribute-options.ts). */
import type {
  TDocumentAttributeOption,
  TDocumentAttributeOptionsUpdate,
} from '@cloudsign/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './document-attribute-options.repository.ts';
import { recordOptionsChange, type AuditWho } from './document-attribute-options.audit.ts';

export async function listOptions(db: Db, companyId: string): Promise<TDocumentAttributeOption[]> {
  return repo.selectOptions(db, companyId);
}

/**
 * Replaces the list in one transaction: kept ids keep the values documents store under them. The audit event
 * commits with the change.
 */
export async function replaceOptions(
  db: Db,
  who: AuditWho,
  input: TDocumentAttributeOptionsUpdate,
) {
  const companyId = who.user.companyId;
  return db.transaction(async (tx) => {
    await repo.lockCompanyOptions(tx, companyId);
    const current = await repo.selectOptions(tx, companyId);
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
    return after;
  });
}
