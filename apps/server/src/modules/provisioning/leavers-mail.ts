/**
 * The mail to a company's admins when the brake on mass deactivation engages (a job queued in the
 * transaction that queued the first held deactivation, so it is sent once per engagement and never lost).
 */
import { z } from 'zod';
import { BRAKE_LABEL } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { jstDateTime } from '../../lib/time/jst.ts';
import { quotedFields } from '../../lib/mail-quote.ts';
import { otherCompanyAdmins } from '../sso/sso-audit.ts';
import { logged } from '../../jobs/logged.ts';

export const BRAKE_ENGAGED_JOB = 'provisioning.brake-engaged';
export const BRAKE_ENGAGED_SUBJECT =
  '【クラウドサイン】プロビジョニングによる利用停止を保留しました';
/** Where the admins decide: the 退職者の引き継ぎ page's 「保留中の利用停止」 section. */
export const DEACTIVATION_QUEUE_PAGE = '/company/provisioning/leavers';

const ZBrakeEngaged = z.object({
  companyId: z.string().min(1),
  threshold: z.number().int(),
  tokenName: z.string(),
  at: z.iso.datetime(),
});
export type BrakeEngaged = z.infer<typeof ZBrakeEngaged>;
export const brakeEngagedJob = jobKind(BRAKE_ENGAGED_JOB, ZBrakeEngaged);

/** At-least-once like every job: a retry after a crash may repeat the mail, never skip it. */
export async function sendBrakeEngaged(deps: AppDeps, n: BrakeEngaged) {
  const admins = await otherCompanyAdmins(deps.database.db, n.companyId, null);
  for (const admin of admins) {
    await deps.mailer.send({
      to: admin.email,
      subject: BRAKE_ENGAGED_SUBJECT,
      text: [
        '企業のIdPからのプロビジョニング（SCIM）で、1時間のうちに多数のメンバーの利用停止が求められました。',
        `「${BRAKE_LABEL}」（${n.threshold.toLocaleString('ja-JP')}名）を超えた分は利用停止せず、保留しています。`,
        '',
        `保留を始めた日時: ${jstDateTime(new Date(n.at))}（日本時間）`,
        ...quotedFields([['トークン', n.tokenName]]),
        '',
        'IdP 側の割り当て（スコープ）の誤りで、在籍中のメンバーが対象になっていないかご確認ください。',
        '保留中の利用停止は、コンソールで1件ずつ、またはまとめて「適用する」「取り消す」ことができます。',
        '',
        `保留中の利用停止: ${deps.env.SITE_URL}${DEACTIVATION_QUEUE_PAGE}`,
        '',
        '---',
        'クラウドサイン',
      ].join('\n'),
    });
  }
}

export async function registerLeaverJobs(deps: AppDeps) {
  await deps.jobs.register(
    brakeEngagedJob,
    logged('provisioning brake engaged', (n) => sendBrakeEngaged(deps, n)),
    { retryLimit: 3 },
  );
}
