/**
 * The SP metadata an IdP may fetch by URL (`{SITE_URL}/sso/{companyId}/metadata`, no sign-in): only for a
 * company whose plan has SSO and that registered an IdP, so the public URL neither answers for ids of no
 * company nor says anything about companies that never set SSO up. Admins download it from the console
 * (`GET /sso_settings/sp_metadata`) at any time, also before their IdP is registered.
 */
import { isSsoPlan } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import * as repo from './sso.repository.ts';
import { spIds, spMetadataXml } from './sso-saml.ts';

/** The XML, or null when the id names no company with SSO set up. */
export async function publicSpMetadata(deps: AppDeps, companyId: string): Promise<string | null> {
  const db = deps.database.db;
  const company = await repo.findCompany(db, companyId);
  if (!company || !isSsoPlan({ company })) return null;
  if (!(await repo.findSettings(db, companyId))) return null;
  return spMetadataXml(spIds(deps.env.SITE_URL, companyId));
}
