import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import {
  BulkStatus,
  type TCsvEncoding,
  ZMemberListQuery,
  type TMemberBulkFilters,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useGenerated, useRequestMembersCsv, useStartEditFromTemplate } from '../api/generated.ts';
import { downloadGenerated, type GeneratedFile } from '../api/transfers.ts';
import { fmt, formatDateTime, previewPath } from './labels.ts';
import { EncodingChoice, JobProgress, StatusBadge } from '../../../components/bulk/index.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { MemberFileFilters } from './member-file-filters.tsx';

const TEXT: Record<GeneratedFile, { title: string; lead: string; path: string }> = {
  export: {
    title: 'メンバーのエクスポート',
    lead: '条件に合うメンバーをCSVファイルに書き出します。このファイルはそのまま一括編集にも使えます。',
    path: '/company/members/export',
  },
  editTemplate: {
    title: '一括編集用CSVの作成',
    lead: '現在のメンバー情報から一括編集用のCSVファイルを作成します。必要な列を書き換えて、一括編集でアップロードしてください。',
    path: '/company/members/bulk_edit/csv_template',
  },
};

/**
 * The member list's conditions carried in the URL (its 「このN名をエクスポート」 link), as the file's filters:
 * the file then holds the set the list showed.
 */
function filtersFromList(params: URLSearchParams): TMemberBulkFilters {
  const q = ZMemberListQuery.parse(Object.fromEntries(params));
  // Unset ones stay undefined: the request leaves them out.
  return {
    keyword: q.keyword,
    groupId: q.groupId,
    role: q.role,
    status: q.status,
    mfa: q.mfa,
    signIn: q.signIn,
    source: q.source,
  };
}

/** Export and edit-template request pages: filters and encoding, then a job makes the file. */
export function CsvRequestPage({ file }: { file: GeneratedFile }) {
  const text = TEXT[file];
  usePageTitle();
  const navigate = useNavigate();
  const request = useRequestMembersCsv(file);
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<TMemberBulkFilters>(() => filtersFromList(params));
  // The member list's 「利用停止」 link asks for a deactivation file (?deactivate=1).
  const [deactivate, setDeactivate] = useState(params.get('deactivate') === '1');
  const isDeactivation = file === 'editTemplate' && deactivate;
  const [withSource, setWithSource] = useState(false);
  const submit = () =>
    request.mutate(
      {
        filters,
        encoding,
        ...(isDeactivation ? { deactivate: true } : {}),
        ...(file === 'export' && withSource ? { withSource: true } : {}),
      },
      { onSuccess: ({ manipulation }) => void navigate(`${text.path}/${manipulation.id}`) },
    );
  return (
    <>
      <PageHeader title={text.title} description={text.lead} />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md" maw={520}>
          <MemberFileFilters filters={filters} onChange={setFilters} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              文字コード
            </Text>
            <EncodingChoice value={encoding} onChange={setEncoding} />
          </Stack>
          {file === 'export' && (
            <Checkbox
              label="作成元の列を含める"
              description="最後の列に作成元（手動・CSV・SSO・SCIM）を書き出します。一括編集でアップロードしても、この列は読み込まれません。"
              checked={withSource}
              onChange={(e) => setWithSource(e.currentTarget.checked)}
            />
          )}
          {file === 'editTemplate' && (
            <Checkbox
              label="利用状態を「利用停止」にして作成する"
              description="条件に合う有効なメンバーを利用停止にするファイルを作ります。招待中のメンバーとあなた自身は変わりません。作成後、内容を確認してから一括編集を実行します。"
              checked={deactivate}
              onChange={(e) => setDeactivate(e.currentTarget.checked)}
              data-testid="deactivate-template"
            />
          )}
          {request.error && (
            <Alert color="red">
              {isApiError(request.error) ? request.error.message : '作成を開始できませんでした。'}
            </Alert>
          )}
          <Group>
            <Button onClick={submit} loading={request.isPending} data-testid="request-csv">
              CSVファイルを作成
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

/** Progress while the file is generated, then its download. */
export function GeneratedPage({ file }: { file: GeneratedFile }) {
  const text = TEXT[file];
  usePageTitle();
  const id = useParams().manipulation_id ?? '';
  const q = useGenerated(file, id);
  return (
    <>
      <PageHeader title={text.title} />
      <Paper withBorder p="lg" radius="md">
        {!q.isSuccess ? (
          <QueryFallback query={q} />
        ) : (
          <Stack gap="sm">
            <Group gap="xs">
              <StatusBadge m={q.data} />
              <Text size="sm" c="dimmed">
                {q.data.createdBy.name}・{formatDateTime(q.data.createdAt)}
              </Text>
            </Group>
            {q.data.status === BulkStatus.Processing && (
              <JobProgress
                verb="作成中"
                done={q.data.processedRows}
                total={q.data.totalRows}
                unit="名"
              />
            )}
            {q.data.status === BulkStatus.Succeeded && (
              <>
                <Text size="sm">
                  {fmt(q.data.counts.exported ?? 0)}名分のCSVファイルができました。
                </Text>
                {file === 'editTemplate' && (q.data.counts.toDeactivate ?? -1) >= 0 && (
                  <Text size="sm">
                    うち{fmt(q.data.counts.toDeactivate ?? 0)}
                    名の利用状態を「利用停止」にしてあります。
                  </Text>
                )}
                <Group>
                  <Button
                    variant={file === 'editTemplate' ? 'default' : 'filled'}
                    onClick={() => void downloadGenerated(file, id)}
                    data-testid="download-generated"
                  >
                    ダウンロード
                  </Button>
                  {file === 'editTemplate' && <StartEditButton id={id} />}
                </Group>
              </>
            )}
          </Stack>
        )}
      </Paper>
    </>
  );
}

/**
 * 一括編集 from the file just made, without downloading and uploading it: the run is checked like an upload
 * and its 確認 page says what would change before anything does.
 */
function StartEditButton({ id }: { id: string }) {
  const navigate = useNavigate();
  const start = useStartEditFromTemplate();
  return (
    <Stack gap={4}>
      <Button
        loading={start.isPending}
        disabled={start.isSuccess}
        onClick={() => start.mutate(id, { onSuccess: (m) => void navigate(previewPath(m)) })}
        data-testid="start-edit-from-template"
      >
        このファイルで一括編集を始める
      </Button>
      {start.error && (
        <Alert color="red">
          {isApiError(start.error) ? start.error.message : '一括編集を始められませんでした。'}
        </Alert>
      )}
    </Stack>
  );
}
