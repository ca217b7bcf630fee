import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';
import { refineText } from './text.ts';

/**
 * SCIM provisioning (issue 34, docs/design.md "SCIM provisioning"): named bearer tokens an IdP (Entra ID,
 * Okta) uses at `{API_URL}/scim/v2`. Up to 5 unrevoked at once, so a new one can be set before the old is
 * revoked; the secret is shown once and only its hash is kept.
 */
export const PROVISIONING_TOKENS_MAX = 5;
export const PROVISIONING_TOKEN_NAME_MAX = 50;
/** Recognisable in a secret scanner's rules and in a pasted configuration. */
export const PROVISIONING_TOKEN_PREFIX = 'csscim_';
export const PROVISIONING_LOG_DAYS = 30;
export const SCIM_BASE_PATH = '/scim/v2';

export const ZProvisioningTokenName = z
  .string({ message: 'トークン名を入力してください。' })
  .trim()
  .min(1, { message: 'トークン名を入力してください。' })
  .max(PROVISIONING_TOKEN_NAME_MAX, {
    message: `トークン名は${PROVISIONING_TOKEN_NAME_MAX}文字以内で入力してください。`,
  })
  .superRefine(refineText('トークン名'));

export const ZCreateProvisioningTokenRequest = strictRequestBody({
  name: ZProvisioningTokenName,
});
export type TCreateProvisioningTokenRequest = z.input<typeof ZCreateProvisioningTokenRequest>;

export const ZProvisioningToken = z.object({
  id: ZId,
  name: z.string(),
  createdAt: z.string(),
  /** Who created it, as the console names a member; empty when that member has since been deleted. */
  createdBy: z.string(),
  firstUsedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TProvisioningToken = z.infer<typeof ZProvisioningToken>;

export const ZProvisioningTokensResponse = z.object({
  tokens: z.array(ZProvisioningToken),
  /** `{API_URL}/scim/v2`, what the IdP's tenant URL field takes. */
  baseUrl: z.string(),
});
export type TProvisioningTokensResponse = z.infer<typeof ZProvisioningTokensResponse>;

/** The only answer that ever carries the secret. */
export const ZCreatedProvisioningToken = z.object({
  token: ZProvisioningToken,
  secret: z.string(),
});
export type TCreatedProvisioningToken = z.infer<typeof ZCreatedProvisioningToken>;

export const ZProvisioningTokenResponse = z.object({ token: ZProvisioningToken });

export const ZProvisioningLogEntry = z.object({
  id: ZId,
  occurredAt: z.string(),
  tokenName: z.string(),
  method: z.string(),
  resource: z.string(),
  target: z.string(),
  status: z.number().int(),
  detail: z.string(),
});
export type TProvisioningLogEntry = z.infer<typeof ZProvisioningLogEntry>;
export const ZProvisioningLogResponse = z.object({ entries: z.array(ZProvisioningLogEntry) });
export type TProvisioningLogResponse = z.infer<typeof ZProvisioningLogResponse>;

/** What a SCIM request did, in the provisioning log's words. */
export const provisioningOperationLabel = (method: string, resource: string): string => {
  const what = resource === 'Users' ? 'ユーザー' : resource === 'Groups' ? 'グループ' : resource;
  const verb: Record<string, string> = {
    GET: '取得',
    POST: '作成',
    PUT: '置き換え',
    PATCH: '変更',
    DELETE: '削除（利用停止）',
  };
  return `${what}の${verb[method] ?? method}`;
};
