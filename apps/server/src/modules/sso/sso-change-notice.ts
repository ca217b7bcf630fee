/**
 * The mail telling a company's other admins that its SSO settings changed (a job queued in the change's
 * transaction, so the admin's answer does not wait on mail and a crash never loses a notice). Who changed what
 * is in the audit log; the mail names the fields and the admin, quoting the name as tenant text.
 */
import { z } from 'zod';
import { memberLabel, SSO_AUDIT_FIELDS, type TSsoAuditField } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { jstDateTime } from '../../lib/time/jst.ts';
import { quotedFields } from '../../lib/mail-quote.ts';
import { otherCompanyAdmins } from './sso-audit.repository.ts';

export const SSO_CHANGE_NOTICE_JOB = 'sso.change-notice';
export const SSO_CHANGE_NOTICE_SUBJECT = '【クラウドサイン】SSO設定が変更されました';
/** The console's SSO settings page (docs/design.md "Single sign-on"). */
const SSO_SETTINGS_PAGE = '/company/sso';

const ZSsoChangeNotice = z.object({
  companyId: z.string().min(1),
  actor: z.object({ id: z.string().min(1), name: z.string(), email: z.string() }),
  fields: z.array(z.enum(Object.keys(SSO_AUDIT_FIELDS) as [TSsoAuditField, ...TSsoAuditField[]])),
  at: z.iso.datetime(),
});
export type SsoChangeNotice = z.infer<typeof ZSsoChangeNotice>;
export const ssoChangeNoticeJob = jobKind(SSO_CHANGE_NOTICE_JOB, ZSsoChangeNotice);

/** At-least-once like every job: a retry after a crash may repeat a mail, never skip one. */
export async function sendSsoChangeNotice(deps: AppDeps, notice: SsoChangeNotice) {
  const db = deps.database.db;
  const { actor } = notice;
  const admins = await otherCompanyAdmins(db, notice.companyId, actor.id);
  const changed = notice.fields.map((f) => SSO_AUDIT_FIELDS[f] ?? f).join('、');
  for (const admin of admins) {
    await deps.mailer.send({
      to: admin.email,
      subject: SSO_CHANGE_NOTICE_SUBJECT,
      text: [
        '組織のシングルサインオン（SSO）の設定が、別の管理者によって変更されました。',
        '',
        `変更日時: ${jstDateTime(new Date(notice.at))}（日本時間）`,
        `変更された項目: ${changed}`,
        ...quotedFields([['変更した管理者', `${memberLabel(actor)}（${actor.email}）`]]),
        '',
        'SSO の設定を変えると、IdP として任意のメンバーのログインに答えることができます。',
        'お心当たりがない場合は、すぐに SSO 設定と監査ログをご確認ください。',
        '',
        `SSO設定: ${deps.env.SITE_URL}${SSO_SETTINGS_PAGE}`,
        '',
        '---',
        'クラウドサイン',
      ].join('\n'),
    });
  }
}
