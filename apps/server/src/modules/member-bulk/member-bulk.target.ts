/**
 * Member bulk add, edit and delete (spec §7) as a bulk target: company admins only; templates, uploads,
 * the export and the edit template. Routes, rules and jobs are the shared bulk module's (../bulk/).
 */
import {
  bulkEndpoints,
  BulkKind,
  MEMBER_ADD_COLUMNS,
  MEMBER_DELETE_COLUMNS,
  memberColumnsFor,
  type BulkGenerationEndpoints,
  type ZMemberCsvRequest,
  type ZMemberEditTemplateRequest,
} from '@cloudsign/contract';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { generation, type BulkGeneration, type BulkTargetDescriptor } from '../bulk/bulk-target.ts';
import { createMemberChecker } from './member-checker.ts';
import { memberExecutor } from './member-executor.ts';
import { describeMemberRows } from './member-subjects.ts';
import { runMemberExport } from './member-export.ts';
import { assertFiltersInCompany } from './member-export-filters.ts';
import { inactiveBefore } from '../members/member-sign-in.sql.ts';
import { queueInvitations, registerMemberInvitationJob } from './member-invitations.ts';

const e = bulkEndpoints.members;

const membersCsv = (
  kind: number,
  endpoints: BulkGenerationEndpoints<typeof ZMemberCsvRequest | typeof ZMemberEditTemplateRequest>,
  fileName: readonly [string, string],
  startsRun?: BulkGeneration['startsRun'],
) =>
  generation({
    kind,
    endpoints,
    fileName,
    startsRun,
    params: async (deps, auth, body) => {
      await assertFiltersInCompany(deps.database.db, auth.company.id, body.filters);
      // 「90日以上ログインしていない」 is fixed as of the request: the file is the set the admin asked for.
      const bound =
        body.filters.signIn === 'inactive90'
          ? { inactiveBefore: inactiveBefore(deps.clock()).toISOString() }
          : {};
      // A deactivation file never stops its requester (the edit check would refuse that row anyway).
      const deactivate =
        'deactivate' in body && body.deactivate ? { deactivateExcept: auth.user.id } : {};
      // The export's optional read-only 作成元 column.
      const withSource = 'withSource' in body && body.withSource ? { withSource: true } : {};
      return { filters: { ...body.filters, ...bound }, ...deactivate, ...withSource };
    },
  });

export const memberBulkTarget: BulkTargetDescriptor = {
  target: 'members',
  name: 'member-bulk',
  label: 'member bulk',
  tags: ['member-bulk'],
  guard: requirePermission('companyAdmin'),
  noun: '一括操作',
  manipulations: e.manipulations,
  historySummary: '一括操作の履歴',
  uploads: [
    { endpoint: e.add, kind: BulkKind.Add },
    { endpoint: e.edit, kind: BulkKind.Edit },
    { endpoint: e.delete, kind: BulkKind.Delete },
  ],
  templates: [
    {
      endpoint: e.addTemplate,
      columns: (auth) => memberColumnsFor(MEMBER_ADD_COLUMNS, auth.company.documentApproval),
      fileName: ['メンバー一括追加テンプレート', 'member_bulk_add_template'],
    },
    {
      endpoint: e.deleteTemplate,
      columns: MEMBER_DELETE_COLUMNS,
      fileName: ['メンバー一括削除テンプレート', 'member_bulk_delete_template'],
    },
  ],
  generations: [
    membersCsv(BulkKind.Export, e.export, ['メンバー一覧', 'members']),
    membersCsv(
      BulkKind.GenerateEditTemplate,
      e.editTemplate,
      ['メンバー一括編集用', 'member_bulk_edit'],
      { endpoint: e.editFromTemplate, kind: BulkKind.Edit },
    ),
  ],
  fileNames: {
    errors: ['メンバー一括操作_エラー', 'member_bulk_errors'],
    result: ['メンバー一括操作_結果', 'member_bulk_result'],
    upload: ['メンバー一括操作_アップロードファイル', 'member_bulk_upload'],
  },
  checker: createMemberChecker,
  executor: (deps, job) =>
    memberExecutor(job.kind, queueInvitations(deps, job.manipulationId, job.kind)),
  exporter: runMemberExport,
  describeRows: describeMemberRows,
  registerExtraJobs: registerMemberInvitationJob,
};
