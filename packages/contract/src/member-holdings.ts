import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * What a member holds, shown before they are deleted (offboarding): cabinets they administer and documents they
 * sent or imported move to a successor (移管先) in the deletion's transaction; group memberships simply end;
 * bulk runs they started keep going without them.
 */
export const ZMemberHoldings = z.object({
  /** Cabinets whose admin list names the member; `otherAdmins` = how many admins stay without them. */
  cabinets: z.array(z.object({ id: ZId, name: z.string(), otherAdmins: z.number().int() })),
  /** User groups they belong to (the system group 「すべてのメンバー」 is implicit and not listed). */
  groups: z.array(z.object({ id: ZId, name: z.string() })),
  /** Documents whose sender (or importer) they are. */
  documents: z.number().int(),
  /** Their bulk runs not finished yet (uploaded, checking, ready or running). */
  pendingBulkRuns: z.array(
    z.object({ id: ZId, target: z.string(), status: z.number().int(), createdAt: z.string() }),
  ),
  /** True when deleting them needs a successor: they administer a cabinet or own documents. */
  successorRequired: z.boolean(),
});
export type TMemberHoldings = z.infer<typeof ZMemberHoldings>;
export const ZMemberHoldingsResponse = z.object({ holdings: ZMemberHoldings });
export type TMemberHoldingsResponse = z.infer<typeof ZMemberHoldingsResponse>;

/** `DELETE /users/{id}`: the successor (移管先) who takes over the member's cabinets and documents. */
export const ZDeleteUserQuery = z.object({
  successorId: z.uuid({ message: '移管先のIDの形式が正しくありません。' }).optional(),
});
export type TDeleteUserQuery = z.infer<typeof ZDeleteUserQuery>;

/**
 * The deletion's answer says what moved and to whom, so the console's completion message can name the
 * successor and the counts as the server counted them under its locks (not as the dialog read them earlier).
 */
export const ZDeleteUserResponse = z.object({
  ok: z.literal(true),
  /** Null when nothing needed a successor. `cabinets`: cabinets the successor now administers. */
  transferred: z
    .object({
      successor: z.object({ id: ZId, name: z.string(), email: z.string() }),
      cabinets: z.number().int(),
      documents: z.number().int(),
    })
    .nullable(),
});
export type TDeleteUserResponse = z.infer<typeof ZDeleteUserResponse>;

/** Messages of the offboarding rules, shared by the single delete and the bulk delete CSV. */
export const SUCCESSOR_MSG = {
  required: (cabinets: number, documents: number) =>
    `このメンバーは${[
      cabinets > 0 ? `キャビネット${cabinets}件の管理者` : '',
      documents > 0 ? `書類${documents}件の送信者` : '',
    ]
      .filter(Boolean)
      .join('、')}です。移管先を指定してください。`,
  notFound: '移管先のメンバーが見つかりません。同じ会社のメンバーを指定してください。',
  self: '削除するメンバー自身は移管先にできません。',
  deactivated: '利用停止中のメンバーは移管先にできません。',
  deletedInFile: (row: number) => `移管先のメンバーは${row}行目で削除されます。`,
} as const;
