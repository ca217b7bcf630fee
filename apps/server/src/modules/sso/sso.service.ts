/**
 * The company admin's SSO settings (docs/design.md "Single sign-on"): the IdP read from its metadata,
 * attribute mapping, JIT provisioning, break-glass exceptions, certificate rollover, and switching SSO on
 * only with at least one exception company admin.
 */
import {
  SSO_ATTRIBUTE_PRESETS,
  type TSsoMappingRequest,
  type TSsoResponse,
  type TSsoTestResult,
} from '@cloudsign/contract';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { assertVersion, contentVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import * as repo from './sso.repository.ts';
import {
  certificateInfo,
  checkCertificateDates,
  MetadataError,
  normalizeCertificate,
  parseIdpMetadata,
} from './sso-metadata.ts';
import { spIds, spMetadataXml } from './sso-saml.ts';
import { audited } from './sso-audit.ts';

type Who = Pick<AuthContext, 'user' | 'company' | 'origin'>;

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

const needIdp = () => new AppError('invalid_state', '先に IdP のメタデータを登録してください。');

type Saved = Omit<repo.SsoSettingsRow, 'companyId' | 'lastTest' | 'updatedAt'>;
/** What an admin saves, in a fixed order (the connection test and updated_at are not part of it). */
const savedShape = (row: Saved | null) =>
  row && [
    row.idpEntityId,
    row.idpSsoUrl,
    row.idpCertificates,
    row.emailAttribute,
    row.nameAttribute,
    row.organizationAttribute,
    row.jitEnabled,
    row.jitGroupIds,
    row.exceptionUserIds,
  ];

/**
 * The settings' version, drawn from what an admin saves (docs/decisions.md "Saves name the version they were
 * based on"): a connection test, which moves updated_at, leaves it; settings changed back to what someone read
 * are those same settings, so saving over them loses nothing.
 */
export const ssoVersion = (row: Saved | null) => contentVersion(savedShape(row));

/**
 * One versioned save of the settings, with its audit event: under the lock, the stored settings are compared
 * with the version the save was based on (stale: 409, nothing written), then `next` builds the row to store
 * from them. Settings that come out the same (the test result too) are not written: updated_at stays.
 */
async function saveVersioned(
  deps: AppDeps,
  who: Who,
  expected: ExpectedVersion,
  next: (before: repo.SsoSettingsRow | null, tx: DbOrTx) => Promise<repo.SsoSettingsRow>,
) {
  const companyId = who.user.companyId;
  await audited(deps, who, async (tx) => {
    const before = await repo.findSettings(tx, companyId);
    assertVersion(expected, ssoVersion(before));
    const row = await next(before, tx);
    if (
      before &&
      ssoVersion(row) === ssoVersion(before) &&
      JSON.stringify(row.lastTest) === JSON.stringify(before.lastTest)
    )
      return;
    await repo.saveSettings(tx, row, deps.clock());
  });
  return getSso(deps, who);
}

export async function getSso(deps: AppDeps, who: Who): Promise<TSsoResponse> {
  const companyId = who.user.companyId;
  const [company, row] = await Promise.all([
    repo.findCompany(deps.database.db, companyId),
    repo.findSettings(deps.database.db, companyId),
  ]);
  const sp = spIds(deps.env.SITE_URL, companyId);
  return {
    sp: { ...sp, testUrl: `${deps.env.SITE_URL}/sso/${companyId}/test` },
    enabled: company?.isEnabledFederatedIdentity ?? false,
    jitAvailable: company?.plan === 'enterprise',
    version: ssoVersion(row),
    settings: row && {
      idpEntityId: row.idpEntityId,
      idpSsoUrl: row.idpSsoUrl,
      certificates: row.idpCertificates.map(certificateInfo),
      emailAttribute: row.emailAttribute,
      nameAttribute: row.nameAttribute,
      organizationAttribute: row.organizationAttribute,
      jitEnabled: row.jitEnabled,
      jitGroupIds: row.jitGroupIds,
      exceptionUserIds: row.exceptionUserIds,
      lastTest: (row.lastTest as TSsoTestResult | null) ?? null,
    },
  };
}

export const spMetadata = (deps: AppDeps, companyId: string) =>
  spMetadataXml(spIds(deps.env.SITE_URL, companyId));

/** Reads and stores the IdP's metadata; the mapping starts at the Entra ID preset. */
export async function putMetadata(deps: AppDeps, who: Who, xml: string, expected: ExpectedVersion) {
  let read;
  try {
    read = await parseIdpMetadata(xml, deps.clock());
  } catch (e) {
    if (e instanceof MetadataError) throw fieldError('xml', e.message);
    throw e;
  }
  const preset = SSO_ATTRIBUTE_PRESETS.entra;
  return saveVersioned(deps, who, expected, async (before) => {
    const sameIdp =
      before?.idpEntityId === read.entityId &&
      before.idpSsoUrl === read.ssoUrl &&
      sameList(read.certificates, before.idpCertificates);
    return {
      companyId: who.user.companyId,
      emailAttribute: before?.emailAttribute ?? preset.emailAttribute,
      nameAttribute: before?.nameAttribute ?? preset.nameAttribute,
      organizationAttribute: before?.organizationAttribute ?? preset.organizationAttribute,
      jitEnabled: false,
      jitGroupIds: [],
      exceptionUserIds: [],
      updatedAt: deps.clock(),
      ...before,
      idpEntityId: read.entityId,
      idpSsoUrl: read.ssoUrl,
      idpCertificates: read.certificates,
      // Another IdP answers differently: the previous test no longer says anything.
      lastTest: sameIdp && before ? before.lastTest : null,
    };
  });
}

export async function putMapping(
  deps: AppDeps,
  who: Who,
  body: TSsoMappingRequest,
  expected: ExpectedVersion,
) {
  const companyId = who.user.companyId;
  const jitGroupIds = [...new Set(body.jitGroupIds)];
  const exceptionUserIds = [...new Set(body.exceptionUserIds)];
  return saveVersioned(deps, who, expected, async (before, tx) => {
    if (!before) throw needIdp();
    if (body.jitEnabled && who.company.plan !== 'enterprise')
      throw new AppError(
        'enterprise_plan_required',
        'JITプロビジョニングはエンタープライズプランでご利用いただけます。',
      );
    if ((await repo.userGroupsAmong(tx, companyId, jitGroupIds)).length !== jitGroupIds.length)
      throw fieldError('jitGroupIds', '既定のグループに、選べないグループが含まれています。');
    const admins = await repo.companyAdminsAmong(tx, companyId, exceptionUserIds);
    if (admins.length !== exceptionUserIds.length)
      throw fieldError('exceptionUserIds', '例外にできるのは組織管理権限を持つメンバーだけです。');
    if (who.company.isEnabledFederatedIdentity && exceptionUserIds.length === 0)
      throw fieldError(
        'exceptionUserIds',
        'SSO が有効な間は、パスワードでログインできる管理者を1人以上選んでください。',
      );
    return { ...before, ...body, jitGroupIds, exceptionUserIds };
  });
}

/** Rollover: the new certificate added next to the old one (both verify), later the old one left out. */
export async function putCertificates(
  deps: AppDeps,
  who: Who,
  texts: string[],
  expected: ExpectedVersion,
) {
  return saveVersioned(deps, who, expected, async (before) => {
    if (!before) throw needIdp();
    const certificates: string[] = [];
    for (const [i, text] of texts.entries()) {
      try {
        const cert = normalizeCertificate(text);
        // Kept ones may be near their end (that is why a rollover happens); only new ones must last.
        if (!before.idpCertificates.includes(cert))
          checkCertificateDates(certificateInfo(cert), deps.clock());
        if (!certificates.includes(cert)) certificates.push(cert);
      } catch (e) {
        if (e instanceof MetadataError) throw fieldError(`certificates.${i}`, e.message);
        throw e;
      }
    }
    return {
      ...before,
      idpCertificates: certificates,
      // Another signer may answer now: the previous test no longer says anything.
      lastTest: sameList(certificates, before.idpCertificates) ? before.lastTest : null,
    };
  });
}

export async function enablePreview(deps: AppDeps, who: Who) {
  const db = deps.database.db;
  const row = await repo.findSettings(db, who.user.companyId);
  const ids = row?.exceptionUserIds ?? [];
  const exceptions = await repo.companyAdminsAmong(db, who.user.companyId, ids);
  const members = await repo.countMembersExcept(
    db,
    who.user.companyId,
    exceptions.map((e) => e.id),
  );
  return { members, exceptions };
}

export async function setEnabled(deps: AppDeps, who: Who, enabled: boolean) {
  const db = deps.database.db;
  if (enabled) {
    const row = await repo.findSettings(db, who.user.companyId);
    if (!row) throw needIdp();
    const lastTest = row.lastTest as TSsoTestResult | null;
    if (!lastTest?.ok)
      throw new AppError('invalid_state', '有効にする前に、接続テストを成功させてください。');
    const exceptions = await repo.companyAdminsAmong(db, who.user.companyId, row.exceptionUserIds);
    if (exceptions.length === 0)
      throw fieldError(
        'enabled',
        'パスワードでログインできる例外の管理者を1人以上選んでから有効にしてください。',
      );
  }
  await audited(deps, who, (tx) => repo.setEnabled(tx, who.user.companyId, enabled));
  return getSso(deps, { ...who, company: { ...who.company, isEnabledFederatedIdentity: enabled } });
}
