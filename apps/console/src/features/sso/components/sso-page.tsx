import { Alert, Group, Loader, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AlertArea } from '../../../components/alerts/index.ts';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useSso } from '../api/sso.ts';
import { SpInfoPanel } from './sp-info-panel.tsx';
import { IdpMetadataPanel } from './idp-metadata-panel.tsx';
import { CertificatesPanel } from './certificates-panel.tsx';
import { MappingForm } from './mapping-form.tsx';
import { DomainsPanel } from './domains-panel.tsx';
import { ConnectionTestPanel, ReturnedTestResult } from './connection-test-panel.tsx';
import { EnablePanel } from './enable-panel.tsx';

/** `/company/sso` (and `/sso`, where the connection test returns): SAML single sign-on of the company. */
export function SsoPage() {
  usePageTitle();
  const sso = useSso();
  const [search] = useSearchParams();
  const returnedFromTest = search.get('test') === 'done';
  return (
    <>
      <PageHeader
        title="SSO設定"
        description="SAML 2.0 のシングルサインオンで、IdP（Microsoft Entra ID、Okta など）からログインできるようにします。"
      />
      <AlertArea area="content" />
      {sso.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label="読み込み中" />
        </Group>
      ) : sso.isError ? (
        <PanelError onRetry={() => void sso.refetch()} />
      ) : (
        <Stack gap="lg" maw={960}>
          {returnedFromTest && <ReturnedTestResult result={sso.data.settings?.lastTest ?? null} />}
          <Alert color="blue" variant="light" title="2要素認証について">
            SSO でログインするメンバーには、企業設定の2要素認証は適用されません。2要素認証は IdP
            側で設定してください（パスワードでログインする例外の管理者には引き続き適用されます）。
          </Alert>
          <SpInfoPanel sp={sso.data.sp} />
          <IdpMetadataPanel settings={sso.data.settings} version={sso.data.version} />
          {sso.data.settings && (
            <>
              <CertificatesPanel
                certificates={sso.data.settings.certificates}
                version={sso.data.version}
              />
              <MappingForm sso={sso.data} />
              <DomainsPanel />
              <ConnectionTestPanel
                testUrl={sso.data.sp.testUrl}
                result={sso.data.settings.lastTest}
                returned={returnedFromTest}
              />
              <EnablePanel sso={sso.data} settings={sso.data.settings} />
            </>
          )}
        </Stack>
      )}
    </>
  );
}
