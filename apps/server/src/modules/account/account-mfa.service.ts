/**
 * 2要素認証の再設定 from アカウント設定 (issue 32): a new authenticator, proven by the current one (a code or an
 * unused backup code) while MFA is on, and a fresh set of backup codes shown once. Proof attempts count
 * against the sign-in limits like the site's second-factor step, so the page is no way round them.
 */
import QRCode from 'qrcode';
import { memberLabel } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import {
  claimTotpStep,
  enableMfa,
  hashBackupCodes,
  matchTotp,
  newBackupCodes,
  newTotpSecret,
  otpauthUri,
  useBackupCode,
} from '../../auth/mfa.ts';
import {
  releaseLoginAttempt,
  reserveLoginAttempt,
  retryAfterText,
} from '../../auth/login-throttle.ts';
import { hasMfaEnabled, markMfaVerified, signInSecrets } from '../../auth/sessions.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';

export const WRONG_CURRENT_CODE = '現在の確認コードが正しくないか、すでに使用されています。';
export const CURRENT_CODE_REQUIRED =
  '現在の認証アプリの確認コード、またはバックアップコードを入力してください。';
export const WRONG_NEW_CODE =
  '新しい認証アプリの確認コードが正しくありません。時刻が合っているか確認して、もう一度入力してください。';
const SLOWED = (seconds: number) =>
  `確認コードの誤りが続いたため、一時的に変更を制限しています。${retryAfterText(seconds)}にもう一度お試しください。`;

export async function newMfaSecret(auth: AuthContext) {
  const secret = newTotpSecret();
  const uri = otpauthUri(auth.user.email, secret);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return {
    secret,
    otpauthUri: uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The current second factor, under the sign-in limits; throws the field's message when it fails. */
async function proveCurrentFactor(deps: AppDeps, auth: AuthContext, typed: string) {
  const db = deps.database.db;
  const code = typed.normalize('NFKC').replace(/\s/g, '');
  if (!code) throw fieldError('currentCode', CURRENT_CODE_REQUIRED);
  const now = deps.clock();
  const key = { email: auth.user.email, ip: auth.origin?.ip ?? '', device: null };
  const attempt = await reserveLoginAttempt(db, key, now);
  if (!('attemptId' in attempt)) throw new AppError('rate_limited', SLOWED(attempt.wait));
  const secrets = await signInSecrets(db, auth.user.id);
  let ok = false;
  if (secrets && /^\d{6}$/.test(code)) {
    const step = matchTotp(code, secrets.mfaSecret ?? '', now);
    ok = step !== null && (await claimTotpStep(db, auth.user.id, step));
  } else if (secrets) {
    ok = await useBackupCode(db, { id: auth.user.id, ...secrets }, code);
  }
  if (!ok) throw fieldError('currentCode', WRONG_CURRENT_CODE);
  await releaseLoginAttempt(db, attempt.attemptId);
}

export async function reRegisterMfa(
  deps: AppDeps,
  auth: AuthContext,
  body: { currentCode: string; secret: string; code: string },
) {
  const now = deps.clock();
  // The new authenticator first: a mistyped new code costs no attempt and uses up no backup code.
  const step = matchTotp(body.code.trim(), body.secret, now);
  if (step === null) throw fieldError('code', WRONG_NEW_CODE);
  if (hasMfaEnabled(auth.user)) await proveCurrentFactor(deps, auth, body.currentCode);
  const backupCodes = newBackupCodes();
  const hashes = await hashBackupCodes(backupCodes);
  await deps.database.db.transaction(async (tx) => {
    await enableMfa(tx, auth.user.id, body.secret, step, hashes);
    // The member just proved the new factor in this browser: a first enrolment must not send him to the
    // second-factor step at the next token refresh.
    await markMfaVerified(tx, auth.sessionId);
    await recordAuditEvent(tx, {
      ...auditBy(auth),
      action: 'auth.mfaSetUp',
      target: { type: 'member', id: auth.user.id, name: memberLabel(auth.user) },
      occurredAt: now,
    });
  });
  return { backupCodes };
}
