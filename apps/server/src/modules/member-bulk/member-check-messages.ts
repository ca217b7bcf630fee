/** The member CSV checks' messages, shared by the check and the execution that re-checks under locks. */
import { SUCCESSOR_MSG } from '@cloudsign/contract';

export const MSG = {
  emailTaken: 'このメールアドレスはすでに使われています。',
  duplicateEmail: (row: number) => `このメールアドレスは${row}行目と重複しています。`,
  duplicateMember: (row: number) => `このメンバーは${row}行目と重複しています。`,
  groupNotFound: (g: string) => `メンバーグループ「${g}」が見つかりません。`,
  memberNotFound: 'メンバーが見つかりません。',
  selfRoles: '自分自身の権限は変更できません。',
  selfDelete: '自分自身は削除できません。',
  lastAdmin: '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。',
  changedSince:
    '編集用CSVの作成後にこのメンバーが変更されています。編集用CSVをダウンロードし直してください。',
  idEmailMismatch: 'メンバーIDとメールアドレスが別のメンバーを指しています。',
  successorRequired: SUCCESSOR_MSG.required,
  successorNotFound: SUCCESSOR_MSG.notFound,
  successorSelf: SUCCESSOR_MSG.self,
  successorDeactivated: SUCCESSOR_MSG.deactivated,
  successorDeletedInFile: SUCCESSOR_MSG.deletedInFile,
} as const;
