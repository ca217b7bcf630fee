/**
 * One-time password-setup links for invited members (docs/design.md §1: valid 10 days, CS). The members API,
 * bulk add and `remind_register` call `issuePasswordSetupLink`; the site's /password_setup pages consume it.
 */
import type { DbOrTx } from '../db/client.ts';
import {
  markSetupLinkUsed,
  replaceSetupLink,
  selectCompanyNameOf,
  selectSetupLink,
} from './password-setup.repository.ts';
import type { AppDeps } from '../deps.ts';
import type { Mail } from '../lib/mailer.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { memberLabel } from '@cloudsign/contract';
import { quotedFields } from '../lib/mail-quote.ts';
import { reserveInvitation } from './mail-limits.ts';

export const PASSWORD_SETUP_TTL_MS = 10 * 24 * 3600 * 1000;
export const PASSWORD_SETUP_SUBJECT = '【クラウドサイン】パスワード設定のご案内';

export const passwordSetupUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/password_setup/${token}`;

/**
 * Issues a fresh link and mails it. Earlier links of the user are deleted first, so a re-sent invitation
 * kills the old one. Pass the caller's transaction as `db` so the token and the member change commit together.
 */
export async function issuePasswordSetupLink(
  deps: Pick<AppDeps, 'clock' | 'env' | 'mailer'>,
  db: DbOrTx,
  user: { id: string; email: string; name: string },
  inviterName?: string,
): Promise<void> {
  const now = deps.clock();
  // Counted against the day's limits first: over them, nothing is issued or mailed (429; a bulk run defers).
  await reserveInvitation(db, user.id, user.email, now);
  const token = await replaceLink(
    db,
    user.id,
    'setup',
    new Date(now.getTime() + PASSWORD_SETUP_TTL_MS),
  );
  const companyName = await companyNameOf(db, user.id);
  await deps.mailer.send(invitationMail(deps, user, { token, companyName, inviterName }));
}

/**
 * The invitation as mailed (the link, its validity, who invites): also built by the bulk run's invitations,
 * which issue their links in batches (member-bulk/member-invitations.ts).
 */
export function invitationMail(
  deps: Pick<AppDeps, 'clock' | 'env'>,
  user: { email: string; name: string },
  link: { token: string; companyName: string; inviterName?: string },
): Mail {
  const { companyName, inviterName } = link;
  const now = deps.clock();
  const url = passwordSetupUrl(deps.env.SITE_URL, link.token);
  const expires = formatJst(new Date(now.getTime() + PASSWORD_SETUP_TTL_MS));
  return {
    to: user.email,
    subject: PASSWORD_SETUP_SUBJECT,
    // Tenant text only as quoted lines (lib/mail-quote.ts): the mail comes from the service's sender.
    text: [
      'クラウドサインへの招待が届いています。',
      '',
      ...quotedFields([
        ['宛先のお名前', memberLabel(user)],
        ['企業名', companyName],
        ['招待した管理者', inviterName],
      ]),
      '',
      '上記の企業の企業アカウントにメンバーとして登録されました。',
      '下記のリンクからパスワードを設定し、ご利用を開始してください。',
      '',
      url,
      '',
      `このリンクの有効期限は ${expires} です（発行から10日間）。`,
      '期限が切れた場合は、組織の管理者に再送を依頼してください。',
      '',
      'このメールにお心当たりがない場合は、破棄してください。',
      '',
      '---',
      'クラウドサイン',
    ].join('\n'),
  };
}

/**
 * Deletes the member's earlier links (a newer link of either kind kills the older) and stores a new one.
 * Answers the token to mail; only its hash is stored.
 */
export async function replaceLink(
  db: DbOrTx,
  userId: string,
  purpose: 'setup' | 'reset',
  expiresAt: Date,
) {
  const token = newOpaqueToken();
  await replaceSetupLink(db, { id: hashToken(token), userId, purpose, expiresAt });
  return token;
}

export const companyNameOf = selectCompanyNameOf;

/** A link with its state (the pages tell "used" and "expired" apart from "unknown"), or null. */
export async function findSetupLink(db: DbOrTx, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return selectSetupLink(db, hashToken(token));
}

/** Marks the link used; false when another request used it first (single use under concurrency). */
export const consumeSetupLink = (db: DbOrTx, tokenId: string, now: Date): Promise<boolean> =>
  markSetupLinkUsed(db, tokenId, now);

export function formatJst(d: Date) {
  return new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
}
