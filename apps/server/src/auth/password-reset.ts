/**
 * Links for a forgotten password (docs/decisions.md "Tokens and the events that end them"): valid 60 minutes,
 * single use, replaced by any newer link, and gone when the password or the email changes (revocation.ts).
 * Requests are limited per address and per IP in the database, so the limit holds across site instances.
 */
import type { DbOrTx } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { companyNameOf, formatJst, replaceLink } from './password-setup.ts';
import { countResetRequestsSince, insertResetRequest } from './password-reset.repository.ts';
import { memberLabel } from '@cloudsign/contract';
import { quotedFields } from '../lib/mail-quote.ts';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_SUBJECT = '【クラウドサイン】パスワード再設定のご案内';
export const RESET_WINDOW_MS = 60 * 60 * 1000;
export const RESET_LIMIT_PER_EMAIL = 5;
export const RESET_LIMIT_PER_IP = 20;

export const passwordResetUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/password_reset/${token}`;

/** Records the request; false when the address or the IP has asked too often within the hour. */
export async function reserveResetRequest(
  db: DbOrTx,
  key: { email: string; ip: string },
  now: Date,
) {
  const since = new Date(now.getTime() - RESET_WINDOW_MS);
  if ((await countResetRequestsSince(db, 'email', key.email, since)) >= RESET_LIMIT_PER_EMAIL)
    return false;
  if ((await countResetRequestsSince(db, 'ip', key.ip, since)) >= RESET_LIMIT_PER_IP) return false;
  await insertResetRequest(db, { ...key, createdAt: now });
  return true;
}

/**
 * Issues a reset link and mails it. `adminName` when a company admin sent it from the console; otherwise the
 * member asked on the login page.
 */
export async function issuePasswordResetLink(
  deps: AppDeps,
  db: DbOrTx,
  user: { id: string; email: string; name: string },
  adminName?: string,
) {
  const expiresAt = new Date(deps.clock().getTime() + PASSWORD_RESET_TTL_MS);
  const token = await replaceLink(db, user.id, 'reset', expiresAt);
  const companyName = await companyNameOf(db, user.id);
  await deps.mailer.send({
    to: user.email,
    subject: PASSWORD_RESET_SUBJECT,
    // Tenant text only as quoted lines (lib/mail-quote.ts): the mail comes from the service's sender.
    text: [
      adminName
        ? '企業の管理者が、あなたのパスワードの再設定を依頼しました。'
        : 'クラウドサインのアカウントで、パスワードの再設定が申請されました。',
      '',
      ...quotedFields([
        ['宛先のお名前', memberLabel(user)],
        ['企業名', companyName],
        ['依頼した管理者', adminName],
      ]),
      '',
      '下記のリンクから新しいパスワードを設定してください。',
      '',
      passwordResetUrl(deps.env.SITE_URL, token),
      '',
      `このリンクの有効期限は ${formatJst(expiresAt)} です（発行から60分間・1回限り）。`,
      '期限が切れた場合は、ログイン画面の「パスワードをお忘れの方」からもう一度申請してください。',
      '',
      'このメールにお心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
      '心配な場合は、組織の管理者にお問い合わせください。',
      '',
      '---',
      'クラウドサイン',
    ].join('\n'),
  });
}
