/** The reminder an admin sends before 2要素認証 becomes required: who asks, what happens, what to do. */
import type { AppDeps } from '../../deps.ts';
import { memberLabel } from '@cloudsign/contract';
import { quotedFields } from '../../lib/mail-quote.ts';

export const MFA_REMINDER_SUBJECT = '【クラウドサイン】2要素認証の設定のお願い';

export async function sendMfaReminder(
  deps: Pick<AppDeps, 'mailer' | 'env'>,
  args: { to: { email: string; name: string }; companyName: string; adminName: string },
) {
  await deps.mailer.send({
    to: args.to.email,
    subject: MFA_REMINDER_SUBJECT,
    // Tenant text only as quoted lines (lib/mail-quote.ts): the mail comes from the service's sender.
    text: [
      '企業の管理者から、2要素認証の設定のお願いです。',
      '',
      ...quotedFields([
        ['宛先のお名前', memberLabel(args.to)],
        ['企業名', args.companyName],
        ['お願いした管理者', args.adminName],
      ]),
      '',
      '上記の企業では、クラウドサインへのログインに2要素認証が必須になります。',
      'まだ設定がお済みでないため、次回ログイン時に認証アプリの設定画面が表示されます。',
      'お手元のスマートフォンに認証アプリ（Google Authenticator など）をご用意ください。',
      '',
      `ログイン: ${deps.env.SITE_URL}/login`,
      '',
      'このメールにお心当たりがない場合は、組織の管理者にお問い合わせください。',
      '',
      '---',
      'クラウドサイン',
    ].join('\n'),
  });
}
