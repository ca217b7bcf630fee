/**
 * What an SSO settings change records (`sso.settingsChanged`, before → after of each field that changed), in
 * the words of the SSO settings page: the audit viewer shows these labels, the change notice mailed to the
 * other company admins lists them.
 */
export const SSO_AUDIT_FIELDS = {
  idpEntityId: 'IdP エンティティ ID',
  idpSsoUrl: 'IdP のシングルサインオン URL',
  certificates: 'IdP 証明書（SHA-256 フィンガープリント）',
  emailAttribute: 'メールアドレスの属性',
  nameAttribute: '氏名の属性',
  organizationAttribute: '所属の属性',
  jitEnabled: 'JITプロビジョニング',
  jitGroups: 'JITで作成したメンバーのグループ',
  exceptions: 'パスワードでログインできる例外の管理者',
  enabled: 'SSO の有効・無効',
} as const;
export type TSsoAuditField = keyof typeof SSO_AUDIT_FIELDS;

/**
 * A sign-in through the IdP by a member holding 組織管理権限 or 監査ログ閲覧権限 within this many hours of an SSO
 * settings change is flagged on its `auth.signIn` event: whoever changed the IdP can answer for any member.
 */
export const SSO_CHANGE_WATCH_HOURS = 24;
/** The flag's code on that event (`details.flag`). */
export const SSO_SIGN_IN_AFTER_CHANGE = 'signInAfterSsoChange';
