/** アカウント設定: what every member sees and changes of his own account (server: modules/account). */
import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';

/** The member's own account: what the page shows and which of its forms apply. */
export const ZAccount = z.object({
  name: z.string(),
  email: z.string(),
  /** The company's IdP signs the member in and holds his name and address: shown, never edited here. */
  isSsoManaged: z.boolean(),
  /** The company's policy lets him sign in with a password, so changing it means something. */
  canChangePassword: z.boolean(),
});
export type TAccount = z.infer<typeof ZAccount>;
export const ZAccountResponse = z.object({ account: ZAccount });

/** Plain strings: the password rules (length, full width, letters and digits) are the site's, checked by the server. */
export const ZChangePasswordRequest = strictRequestBody({
  currentPassword: z
    .string({ message: '現在のパスワードを入力してください。' })
    .min(1, { message: '現在のパスワードを入力してください。' })
    .max(256, { message: '現在のパスワードが長すぎます。' }),
  password: z
    .string({ message: '新しいパスワードを入力してください。' })
    .max(256, { message: 'パスワードは128文字以内で入力してください。' }),
  confirmation: z
    .string({ message: '確認のため、もう一度パスワードを入力してください。' })
    .max(256, { message: 'パスワードが一致しません。' }),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** How many of the member's other browsers the change signed out. */
export const ZSessionsEndedResponse = z.object({ endedSessions: z.number().int() });

/** One browser signed in as the member. `id` is the session's public id, never the cookie's hash. */
export const ZAccountSession = z.object({
  id: ZId,
  /** 「Chrome（Linux）」, in words. */
  browser: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this very request came with (「この端末」). */
  isCurrent: z.boolean(),
  viaSso: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;
export const ZAccountSessionsResponse = z.object({ sessions: z.array(ZAccountSession) });

/** A new authenticator key to enrol: nothing is stored until a code from it is confirmed. */
export const ZMfaSecretResponse = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG QR code (data URL), drawn by the server: no outside service sees the key. */
  qrCode: z.string(),
});

export const ZReRegisterMfaRequest = strictRequestBody({
  /** A code of the current authenticator, or an unused backup code; required while MFA is on. */
  currentCode: z.string().max(64, { message: '現在の確認コードが長すぎます。' }).default(''),
  secret: z.string().regex(/^[A-Z2-7]{16,64}$/, {
    message: '認証アプリのキーが正しくありません。最初からやり直してください。',
  }),
  code: z
    .string({ message: '新しい認証アプリの確認コードを入力してください。' })
    .regex(/^\s*\d{6}\s*$/, { message: '確認コードは6桁の数字で入力してください。' }),
});
export type TReRegisterMfaRequest = z.input<typeof ZReRegisterMfaRequest>;

/** The fresh backup codes, shown once. */
export const ZBackupCodesResponse = z.object({ backupCodes: z.array(z.string()) });
