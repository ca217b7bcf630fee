import { useNavigate } from 'react-router';
import { EntityType } from '@cloudsign/contract';
import { useState } from 'react';
import { Badge, Button, Grid, Group, Stack, Tabs } from '@mantine/core';
import { AlertArea } from '../../../components/alerts/index.ts';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { PanelErrorBoundary } from '../../../components/error-boundary/error-boundary.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useCabinet } from '../api/get-cabinet.ts';
import { AccessPanel } from './access-panel.tsx';
import { AdminsPanel } from './admins-panel.tsx';
import { CabinetDocumentsPanel } from './cabinet-documents-panel.tsx';
import { CabinetSettingsForm } from './cabinet-settings-form.tsx';
import { DeleteCabinetModal } from './delete-cabinet-modal.tsx';
import { MemberGroupsPanel } from './member-groups-panel.tsx';
import { RulesPanel } from './rules-panel.tsx';
import { AlertRulesPanel } from './alert-rules-panel.tsx';
import { FatalOnError } from './fatal-on-error.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';

/** `/cabinets/:id`: documents, then (for its managers) settings and who can read it and why. */
export function CabinetDetailPage({ id }: { id: string }) {
  const cabinet = useCabinet(id);
  usePageTitle(cabinet.data?.name);
  const isCompanyAdmin = useIsCompanyAdmin();
  const navigate = useNavigate();
  const [isDeleting, setDeleting] = useState(false);

  // Not found / not allowed: the spec's error page (§2); anything else: retry in place.
  if (isApiError(cabinet.error) && (cabinet.error.status === 404 || cabinet.error.status === 403))
    return <FatalOnError status={cabinet.error.status} />;
  if (!cabinet.isSuccess) return <QueryFallback query={cabinet} />;
  const c = cabinet.data;
  return (
    <>
      <PageHeader
        title={c.name}
        description={
          c.note || (c.type === EntityType.System ? '会社のすべての書類が含まれます。' : undefined)
        }
        actions={
          <Group gap="xs">
            {c.type === EntityType.System && (
              <Badge variant="outline" color="gray">
                システム
              </Badge>
            )}
            {c.isAdmin && (
              <Badge color="orange" variant="light">
                管理できます
              </Badge>
            )}
            {isCompanyAdmin && c.type === EntityType.User && (
              <Button variant="default" color="red" onClick={() => setDeleting(true)}>
                削除
              </Button>
            )}
          </Group>
        }
      />
      {/* One area for every panel's outcome, visible whichever tab is open. */}
      <AlertArea area="content" />
      <Tabs defaultValue="documents" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="documents">書類（{c.documentCount.toLocaleString('ja-JP')}）</Tabs.Tab>
          {c.isAdmin && <Tabs.Tab value="settings">閲覧・管理の設定</Tabs.Tab>}
          {c.isAdmin && <Tabs.Tab value="access">アクセスできる人</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="documents">
          <PanelErrorBoundary name="cabinet-documents">
            <CabinetDocumentsPanel cabinet={c} />
          </PanelErrorBoundary>
        </Tabs.Panel>
        {c.isAdmin && (
          <Tabs.Panel value="settings">
            <Grid>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack>
                  <PanelErrorBoundary name="cabinet-groups">
                    <MemberGroupsPanel cabinet={c} />
                  </PanelErrorBoundary>
                  <PanelErrorBoundary name="cabinet-admins">
                    <AdminsPanel cabinet={c} />
                  </PanelErrorBoundary>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack>
                  <PanelErrorBoundary name="cabinet-settings">
                    <CabinetSettingsForm cabinet={c} />
                  </PanelErrorBoundary>
                  {c.type === EntityType.User && (
                    <PanelErrorBoundary name="cabinet-rules">
                      <RulesPanel cabinet={c} />
                    </PanelErrorBoundary>
                  )}
                  <PanelErrorBoundary name="cabinet-alerts">
                    <AlertRulesPanel cabinet={c} />
                  </PanelErrorBoundary>
                </Stack>
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
        )}
        {c.isAdmin && (
          <Tabs.Panel value="access">
            <PanelErrorBoundary name="cabinet-access">
              <AccessPanel cabinetId={c.id} />
            </PanelErrorBoundary>
          </Tabs.Panel>
        )}
      </Tabs>
      <DeleteCabinetModal
        cabinet={isDeleting ? c : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/cabinets')}
      />
    </>
  );
}
