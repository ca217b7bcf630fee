/** SSO settings for tests: an IdP with test keys registered for companies, through the repository. */
import type { AppDeps } from '../../src/deps.ts';
import * as repo from '../../src/modules/sso/sso.repository.ts';
import { idpMetadata, makeKey } from './saml-idp.ts';
import { addSsoDomain } from './sso-domains.world.ts';

export const TEST_IDP = 'https://idp.example.test/saml';

export async function makeSsoSettings(deps: AppDeps, companyIds: string[]) {
  const first = makeKey();
  for (const companyId of companyIds)
    await repo.saveSettings(
      deps.database.db,
      {
        companyId,
        idpEntityId: TEST_IDP,
        idpSsoUrl: 'https://idp.example.test/sso',
        idpCertificates: [first.certB64],
        emailAttribute: 'mail',
        nameAttribute: 'displayName',
        organizationAttribute: 'department',
      },
      deps.clock(),
    );
  return {
    metadata: idpMetadata({
      entityId: TEST_IDP,
      ssoUrl: 'https://idp.example.test/sso',
      certB64: first.certB64,
    }),
    /** A rollover: the current certificate and a new one. */
    rolloverCertificates: [first.certPem, makeKey(365, 'test-idp-rollover').certPem],
    /** The first company's verified domain: verifying it again answers at once, without DNS. */
    verifiedDomainId: (
      await addSsoDomain(deps, companyIds[0]!, 'verified.example.test', { verified: true })
    ).id,
    /** A new unverified claim of the first company, for calls that delete theirs. */
    newDomainId: async () =>
      (await addSsoDomain(deps, companyIds[0]!, `d${crypto.randomUUID().slice(0, 8)}.example.test`))
        .id,
  };
}
