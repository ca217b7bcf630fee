/** What the IP address restriction records, in the words of its screen (audit-details.ts reads these). */
import { IP_RESTRICTION_MODE_LABELS, IP_RESTRICTION_SCOPE_LABELS } from './ip-restriction.ts';

export const IP_AUDIT_FIELDS: Record<string, string> = {
  consoleMode: `${IP_RESTRICTION_SCOPE_LABELS.console}の制限`,
  consoleRanges: `${IP_RESTRICTION_SCOPE_LABELS.console}で許可するIPアドレス`,
  scimMode: `${IP_RESTRICTION_SCOPE_LABELS.scim}の制限`,
  scimRanges: `${IP_RESTRICTION_SCOPE_LABELS.scim}で許可するIPアドレス`,
  ssoMode: `${IP_RESTRICTION_SCOPE_LABELS.sso}の制限`,
  ssoRanges: `${IP_RESTRICTION_SCOPE_LABELS.sso}で許可するIPアドレス`,
  affected: '過去30日に許可されていないIPアドレスから利用していたメンバー',
  scope: 'IPアドレス制限の対象',
  ipMode: 'IPアドレス制限の動作',
  address: 'IPアドレス',
  surface: '利用した画面',
  via: '解除の方法',
};

export const IP_AUDIT_VALUES: Record<string, Record<string, string>> = {
  consoleMode: IP_RESTRICTION_MODE_LABELS,
  scimMode: IP_RESTRICTION_MODE_LABELS,
  ssoMode: IP_RESTRICTION_MODE_LABELS,
  ipMode: IP_RESTRICTION_MODE_LABELS,
  scope: IP_RESTRICTION_SCOPE_LABELS,
  surface: { site: 'コンソールの画面', api: 'コンソールのAPI', scim: 'SCIM', sso: 'SSOログイン' },
  via: { mailLink: 'メールで送った解除リンク' },
};
