/**
 * Document-attribute bulk edit (spec §5) as a bulk target: Enterprise plan first (403
 * enterprise_plan_required), then company admins; the download of the current attributes, uploads.
 * Routes, rules and jobs are the shared bulk module's (../bulk/).
 */
import { bulkEndpoints, BulkKind } from '@cloudsign/contract';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { assertOptionFiltersInCompany } from '../document-attribute-options/option-filters.ts';
import { generation, type BulkTargetDescriptor } from '../bulk/bulk-target.ts';
import { createAttributeChecker } from './attribute-checker.ts';
import { attributeExecutor } from './attribute-executor.ts';
import { runAttributeExport } from './attribute-export.ts';
import { describeAttributeRows } from './attribute-subjects.ts';
import { findCabinet } from './document-attribute-bulk.repository.ts';

const MSG_CABINET = '指定されたキャビネットが見つかりません。';
const e = bulkEndpoints.documentAttributes;

const download = generation({
  kind: BulkKind.GenerateEditTemplate,
  endpoints: e.download,
  summary: '現在の書類情報のCSV（非同期）',
  fileName: ['書類情報一括編集用', 'document_attributes'],
  params: async (deps, auth, { conditions }) => {
    if (
      conditions.cabinetId &&
      !(await findCabinet(deps.database.db, auth.company.id, conditions.cabinetId))
    ) {
      throw new AppError('not_found', MSG_CABINET, [
        { path: 'conditions.cabinetId', message: MSG_CABINET },
      ]);
    }
    await assertOptionFiltersInCompany(
      deps.database.db,
      auth.company.id,
      conditions.options,
      'conditions.',
    );
    return { conditions };
  },
});

export const documentAttributeBulkTarget: BulkTargetDescriptor = {
  target: 'document_attributes',
  name: 'document-attribute-bulk',
  label: 'document attribute bulk',
  tags: ['document-attribute-bulk'],
  // The plan first: a business-plan admin is told the feature is the enterprise plan's.
  guard: requirePermission(['enterprisePlan', 'companyAdmin']),
  noun: '一括編集',
  manipulations: e.manipulations,
  historySummary: '一括編集の履歴',
  historyKind: BulkKind.Edit,
  uploads: [{ endpoint: e.edit, kind: BulkKind.Edit }],
  resultKinds: [BulkKind.Edit],
  generations: [download],
  fileNames: {
    errors: ['書類情報一括編集_エラー', 'document_attribute_bulk_errors'],
    result: ['書類情報一括編集_結果', 'document_attribute_bulk_result'],
    upload: ['書類情報一括編集_アップロードファイル', 'document_attribute_bulk_upload'],
  },
  checker: createAttributeChecker,
  executor: () => attributeExecutor,
  exporter: runAttributeExport,
  describeRows: describeAttributeRows,
  exportQueue: { retryLimit: 3, expireInSeconds: 60 * 60 },
};
