import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';
import { ZEntityType } from './enums.ts';
import { refineText } from './text.ts';

/** Member groups (spec §3, §7; docs/design.md §2). Name 1–100 and unique in the company, note ≤200 (as cabinets). */
export const MEMBER_GROUP_NAME_MAX = 100;
export const MEMBER_GROUP_NOTE_MAX = 200;
/** Most members one call may add to or remove from a group (the multiselect's option limit, spec §9). */
export const MEMBER_GROUP_USERS_MAX = 1000;
export const SYSTEM_GROUP_NAME = 'すべてのメンバー';

export const ZMemberGroupName = z
  .string({ message: 'グループ名を入力してください。' })
  .trim()
  .min(1, { message: 'グループ名を入力してください。' })
  .max(MEMBER_GROUP_NAME_MAX, {
    message: `グループ名は${MEMBER_GROUP_NAME_MAX}文字以内で入力してください。`,
  })
  .superRefine(refineText('グループ名'));
export const ZMemberGroupNote = z
  .string({ message: '備考は文字列で入力してください。' })
  .max(MEMBER_GROUP_NOTE_MAX, {
    message: `備考は${MEMBER_GROUP_NOTE_MAX}文字以内で入力してください。`,
  })
  .superRefine(refineText('備考', { multiline: true }));

export const ZCreateMemberGroupRequest = strictRequestBody({
  name: ZMemberGroupName,
  note: ZMemberGroupNote.default(''),
});
export type TCreateMemberGroupRequest = z.input<typeof ZCreateMemberGroupRequest>;
/** Keys left out stay unchanged. */
export const ZUpdateMemberGroupRequest = strictRequestBody({
  name: ZMemberGroupName.optional(),
  note: ZMemberGroupNote.optional(),
});
export type TUpdateMemberGroupRequest = z.input<typeof ZUpdateMemberGroupRequest>;

export const ZMemberGroupUsersRequest = strictRequestBody({
  userIds: z
    .array(z.uuid({ message: 'メンバーIDの形式が正しくありません。' }), {
      message: 'メンバーを配列で指定してください。',
    })
    .min(1, { message: 'メンバーを1人以上選んでください。' })
    .max(MEMBER_GROUP_USERS_MAX, {
      message: `一度に指定できるメンバーは${MEMBER_GROUP_USERS_MAX}人までです。`,
    }),
});
export type TMemberGroupUsersRequest = z.input<typeof ZMemberGroupUsersRequest>;

export const ZMemberGroup = z.object({
  id: ZId,
  name: z.string(),
  note: z.string(),
  /** 1 = 「すべてのメンバー」: everyone, implicit, read-only. */
  type: ZEntityType,
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMemberGroup = z.infer<typeof ZMemberGroup>;

export const ZFindMemberGroupsQuery = z.object({
  type: z.enum(['user'], { message: '種類の値が正しくありません。' }).optional(),
});
export type TFindMemberGroupsQuery = z.input<typeof ZFindMemberGroupsQuery>;
export const ZFindMemberGroupsResponse = z.object({
  memberGroups: z.array(ZMemberGroup),
  total: z.number().int(),
});
export type TFindMemberGroupsResponse = z.infer<typeof ZFindMemberGroupsResponse>;
export const ZMemberGroupResponse = z.object({ memberGroup: ZMemberGroup });
export type TMemberGroupResponse = z.infer<typeof ZMemberGroupResponse>;

/** How many memberships a call actually changed (spec §4: the total moves by exactly that number). */
export const ZMemberGroupUsersAddedResponse = z.object({
  added: z.number().int(),
  memberGroup: ZMemberGroup,
});
export const ZMemberGroupUsersRemovedResponse = z.object({
  removed: z.number().int(),
  memberGroup: ZMemberGroup,
});
export type TMemberGroupUsersAddedResponse = z.infer<typeof ZMemberGroupUsersAddedResponse>;
export type TMemberGroupUsersRemovedResponse = z.infer<typeof ZMemberGroupUsersRemovedResponse>;
