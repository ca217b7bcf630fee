import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';
import { ZEntityType, ZMemberStatus } from './enums.ts';
import { refineText } from './text.ts';
import { ZDocumentSearchConditionsBody } from './documents-search.ts';

/** Cabinets (spec §3, §7; docs/design.md §2): name 1–100 chars (trimmed), note ≤200 (CS). */
export const CABINET_NAME_MAX = 100;
export const CABINET_NOTE_MAX = 200;
/** Most documents one call may file, move or unlink (10,000 selected documents in one go). */
export const CABINET_DOCUMENTS_MAX = 10_000;
/** Most groups or members one call may add or remove. */
export const CABINET_IDS_MAX = 1000;
/** Page size of the 「アクセスできる人」 panel (members page size, docs/design.md §5). */
export const CABINET_ACCESS_PAGE_SIZE = 50;

export const ZCabinetName = z
  .string({ message: 'キャビネット名を入力してください。' })
  .trim()
  .min(1, { message: 'キャビネット名を入力してください。' })
  .max(CABINET_NAME_MAX, {
    message: `キャビネット名は${CABINET_NAME_MAX}文字以内で入力してください。`,
  })
  .superRefine(refineText('キャビネット名'));
export const ZCabinetNote = z
  .string({ message: '備考は文字列で入力してください。' })
  .max(CABINET_NOTE_MAX, { message: `備考は${CABINET_NOTE_MAX}文字以内で入力してください。` })
  .superRefine(refineText('備考', { multiline: true }));

export const ZCreateCabinetRequest = strictRequestBody({
  name: ZCabinetName,
  note: ZCabinetNote.default(''),
});
export type TCreateCabinetRequest = z.input<typeof ZCreateCabinetRequest>;
export const ZUpdateCabinetRequest = strictRequestBody({
  name: ZCabinetName,
  note: ZCabinetNote.default(''),
});
export type TUpdateCabinetRequest = z.input<typeof ZUpdateCabinetRequest>;

export const ZCabinetAdmin = z.object({ id: ZId, name: z.string(), email: z.string() });
export type TCabinetAdmin = z.infer<typeof ZCabinetAdmin>;
export const ZCabinetGroup = z.object({ id: ZId, name: z.string(), type: ZEntityType });
export type TCabinetGroup = z.infer<typeof ZCabinetGroup>;

export const ZCabinet = z.object({
  id: ZId,
  name: z.string(),
  note: z.string(),
  /** 1 = 「すべての書類」: every company document, cannot be renamed or deleted. */
  type: ZEntityType,
  /** The caller may manage this cabinet (company admin or one of its admins). */
  isAdmin: z.boolean(),
  admins: z.array(ZCabinetAdmin),
  /** 閲覧できるメンバーグループ. */
  memberGroups: z.array(ZCabinetGroup),
  /** 自動振り分けルール: documents of members of these groups are filed here on conclusion or import. */
  classificationRules: z.array(ZCabinetGroup),
  /** Documents in the cabinet (the system cabinet: every company document). */
  documentCount: z.number().int(),
  /** When its name or note last changed: the version a save of them names in If-Match. */
  updatedAt: z.string(),
});
export type TCabinet = z.infer<typeof ZCabinet>;

export const ZFindCabinetsResponse = z.object({ cabinets: z.array(ZCabinet) });
export type TFindCabinetsResponse = z.infer<typeof ZFindCabinetsResponse>;
export const ZCabinetResponse = z.object({ cabinet: ZCabinet });
export type TCabinetResponse = z.infer<typeof ZCabinetResponse>;
/** DELETE answers how many document links went with it (the console confirmed that number beforehand). */
export const ZDeleteCabinetResponse = z.object({
  ok: z.literal(true),
  unlinkedDocumentCount: z.number().int(),
});
export type TDeleteCabinetResponse = z.infer<typeof ZDeleteCabinetResponse>;

const idList = (label: string, max: number) =>
  z
    .array(ZId, { message: `${label}を配列で指定してください。` })
    .min(1, { message: `${label}を1件以上指定してください。` })
    .max(max, { message: `${label}は一度に${max.toLocaleString('ja-JP')}件まで指定できます。` });

export const ZCabinetMemberGroupsRequest = strictRequestBody({
  memberGroupIds: idList('メンバーグループ', CABINET_IDS_MAX),
});
export type TCabinetMemberGroupsRequest = z.infer<typeof ZCabinetMemberGroupsRequest>;
export const ZCabinetMemberGroupDeleteRequest = strictRequestBody({ memberGroupId: ZId });
export type TCabinetMemberGroupDeleteRequest = z.infer<typeof ZCabinetMemberGroupDeleteRequest>;
export const ZCabinetAdminsRequest = strictRequestBody({
  userIds: idList('メンバー', CABINET_IDS_MAX),
});
export type TCabinetAdminsRequest = z.infer<typeof ZCabinetAdminsRequest>;

/**
 * The documents of a call: an id list, or the document list's search condition (`conditions`, the same
 * query as `GET /documents`; the 「この条件の N 件すべてを選択」 of a cabinet's list) — exactly one of them.
 * A condition is limited to one cabinet: its `cabinetId`, else the move's source or the DELETE's cabinet.
 */
const selectionShape = {
  documentIds: idList('書類', CABINET_DOCUMENTS_MAX).optional(),
  conditions: ZDocumentSearchConditionsBody.optional(),
};
const oneSelection = (v: { documentIds?: unknown; conditions?: unknown }, ctx: z.RefinementCtx) => {
  if ((v.documentIds === undefined) === (v.conditions === undefined))
    ctx.addIssue({
      code: 'custom',
      path: ['documentIds'],
      message:
        '書類は、書類のID（documentIds）か検索条件（conditions）のどちらか一方で指定してください。',
    });
};

/** With `fromCabinetId` the documents move (linked here, unlinked there); without it they are copied (CS). */
export const ZCabinetDocumentsRequest = strictRequestBody({
  ...selectionShape,
  fromCabinetId: ZId.optional(),
}).superRefine(oneSelection);
export type TCabinetDocumentsRequest = z.infer<typeof ZCabinetDocumentsRequest>;
export const ZCabinetDocumentsDeleteRequest =
  strictRequestBody(selectionShape).superRefine(oneSelection);
export type TCabinetDocumentsDeleteRequest = z.infer<typeof ZCabinetDocumentsDeleteRequest>;
/** Too many matches for one call: the message names the limit. */
export const CABINET_CONDITION_TOO_MANY = `条件に一致する書類が${CABINET_DOCUMENTS_MAX.toLocaleString('ja-JP')}件を超えています。一度に移動・コピー・解除できるのは${CABINET_DOCUMENTS_MAX.toLocaleString('ja-JP')}件までです。条件を絞り込んでください。`;
/** Links created here and links removed from the source cabinet (move) or from this one (DELETE). */
export const ZCabinetDocumentsResponse = z.object({
  linked: z.number().int(),
  unlinked: z.number().int(),
});
export type TCabinetDocumentsResponse = z.infer<typeof ZCabinetDocumentsResponse>;

export const ZClassificationRulesRequest = strictRequestBody({
  memberGroupIds: idList('メンバーグループ', CABINET_IDS_MAX),
  /** Also file the existing concluded and imported documents, as a background job. */
  backfill: z.boolean({ message: 'backfill は true か false で指定してください。' }).default(false),
});
export type TClassificationRulesRequest = z.input<typeof ZClassificationRulesRequest>;
export const ZClassificationRulesDeleteRequest = strictRequestBody({
  memberGroupIds: idList('メンバーグループ', CABINET_IDS_MAX),
});
export type TClassificationRulesDeleteRequest = z.infer<typeof ZClassificationRulesDeleteRequest>;
export const ZClassificationDryRunRequest = strictRequestBody({
  memberGroupIds: idList('メンバーグループ', CABINET_IDS_MAX),
});
export type TClassificationDryRunRequest = z.infer<typeof ZClassificationDryRunRequest>;
/** How many existing documents (concluded or imported, not yet in the cabinet) the rule would file. */
export const ZClassificationDryRunResponse = z.object({ count: z.number().int() });
export type TClassificationDryRunResponse = z.infer<typeof ZClassificationDryRunResponse>;

export const BACKFILL_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const BACKFILL_STATE_LABELS: Record<(typeof BACKFILL_STATES)[number], string> = {
  queued: '待機中',
  running: '実行中',
  succeeded: '完了',
  failed: '失敗',
};
export const ZClassificationBackfill = z.object({
  id: ZId,
  cabinetId: ZId,
  memberGroupIds: z.array(ZId),
  state: z.enum(BACKFILL_STATES),
  /** Candidate documents looked at so far, and links created (the dry run's count when nothing changed between). */
  processed: z.number().int(),
  linked: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TClassificationBackfill = z.infer<typeof ZClassificationBackfill>;
export const ZClassificationRulesResponse = z.object({
  cabinet: ZCabinet,
  backfill: ZClassificationBackfill.nullable(),
});
export type TClassificationRulesResponse = z.infer<typeof ZClassificationRulesResponse>;
export const ZClassificationBackfillResponse = z.object({ backfill: ZClassificationBackfill });
/** The cabinet's recent backfill runs (the last 10), newest first. */
export const ZClassificationBackfillsResponse = z.object({
  backfills: z.array(ZClassificationBackfill),
});
export const ZBackfillParams = z.object({ id: ZId, backfillId: ZId });

/** Why a member may read a cabinet's documents (「アクセスできる人」, cabinets_read_document). */
export const ZAccessReason = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('company_admin') }),
  z.object({ kind: z.literal('cabinet_admin') }),
  z.object({ kind: z.literal('group'), group: ZCabinetGroup }),
]);
export type TAccessReason = z.infer<typeof ZAccessReason>;

export const ZCabinetAccessQuery = z.object({
  page: z.coerce
    .number({ message: 'ページ番号は数値で指定してください。' })
    .int({ message: 'ページ番号は整数で指定してください。' })
    .min(1, { message: 'ページ番号は1以上で指定してください。' })
    .default(1),
  keyword: z
    .string()
    .max(200, { message: 'キーワードは200文字以内で入力してください。' })
    .optional(),
});
export const ZCabinetAccessMember = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  reasons: z.array(ZAccessReason),
});
export type TCabinetAccessMember = z.infer<typeof ZCabinetAccessMember>;
export const ZCabinetAccessResponse = z.object({
  members: z.array(ZCabinetAccessMember),
  total: z.number().int(),
});
export type TCabinetAccessResponse = z.infer<typeof ZCabinetAccessResponse>;

/** `GET /cabinets_read_document/{id}`: the cabinets member `{id}` may read, each with why. */
export const ZReadableCabinet = z.object({
  id: ZId,
  name: z.string(),
  type: ZEntityType,
  reasons: z.array(ZAccessReason),
});
export type TReadableCabinet = z.infer<typeof ZReadableCabinet>;
export const ZCabinetsReadDocumentResponse = z.object({ cabinets: z.array(ZReadableCabinet) });
export type TCabinetsReadDocumentResponse = z.infer<typeof ZCabinetsReadDocumentResponse>;

/** Pickers of the cabinet page (for its managers, who need not be company admins): members and groups. */
export const CABINET_CANDIDATES_LIMIT = 50;
export const ZCabinetCandidatesQuery = z.object({
  keyword: z
    .string()
    .max(200, { message: 'キーワードは200文字以内で入力してください。' })
    .optional(),
});
/** A colleague offered as admin: with 所属 and 状態, so two 田中 can be told apart and an invitee is marked. */
export const ZCabinetMemberCandidate = ZCabinetAdmin.extend({
  organization: z.string(),
  status: ZMemberStatus,
});
export type TCabinetMemberCandidate = z.infer<typeof ZCabinetMemberCandidate>;
export const ZCabinetMemberCandidatesResponse = z.object({
  members: z.array(ZCabinetMemberCandidate),
  total: z.number().int(),
});
export type TCabinetMemberCandidatesResponse = z.infer<typeof ZCabinetMemberCandidatesResponse>;
export const ZCabinetGroupCandidatesResponse = z.object({ memberGroups: z.array(ZCabinetGroup) });
export type TCabinetGroupCandidatesResponse = z.infer<typeof ZCabinetGroupCandidatesResponse>;

/**
 * Rules pull other members' documents into a cabinet, so only a company admin sets them (the API's 403 and the
 * console's note say the same).
 */
export const RULES_NEED_COMPANY_ADMIN =
  '自動振り分けルールの設定は、組織管理権限を持つメンバーだけができます（ルールは他のメンバーの書類をこのキャビネットに集めるためです）。';
