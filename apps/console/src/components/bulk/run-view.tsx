import { Fragment, type ReactNode } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  BulkStatus,
  isBulkBeforeExecution,
  isBulkChecked,
  type TBulkManipulation,
  type TBulkUpdateBody,
} from '@cloudsign/contract';
import { ExecuteButton, type ExecuteSpec } from './execute-button.tsx';
import { formatDateTime } from './labels.ts';
import { RunProgress, StatusBadge } from './run-summary.tsx';
import { QueryFallback } from '../query-fallback/query-fallback.tsx';

/** The calls a run view needs, from the target's `createManipulationsApi`. */
export type BulkRunApi = {
  useManipulation: (
    id: string,
    kind?: number,
  ) => {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: TBulkManipulation;
    refetch: () => Promise<unknown>;
  };
  useUpdateManipulation: (id: string) => {
    mutate: (body: TBulkUpdateBody, opts: { onSuccess: () => void }) => void;
    isPending: boolean;
    error: Error | null;
  };
  downloadRowsCsv: (id: string, which: 'errors.csv' | 'result.csv') => Promise<unknown>;
  downloadUploadedFile: (id: string) => Promise<unknown>;
};

/** What one bulk target shows of a run; the view owns the layout and the lifecycle. */
export type BulkRunSpec = {
  api: BulkRunApi;
  unit: '行' | '件';
  /** Bold, before the status badge; `meta` leads the dimmed line (who and when follow). */
  title: (m: TBulkManipulation) => string;
  meta?: (m: TBulkManipulation) => string;
  /** Absent: no 実行 (a run looked at from the history). */
  execute?: ExecuteSpec;
  /** After "エラーのある行があるため実行できません。". */
  retry: ReactNode;
  /** The target's own notices (conflicts, the outcome). */
  alerts: (m: TBulkManipulation) => ReactNode;
  errorsDownload: { label: string; isShown: (m: TBulkManipulation) => boolean };
  counts: (m: TBulkManipulation) => ReactNode;
  rowsTitle: string;
  rows: (m: TBulkManipulation) => ReactNode;
  /** A run that does not exist (or not of this page's kind): what to call it and the way back. */
  missing: { title: string; back: { to: string; label: string } };
};

function Files({ m, spec }: { m: TBulkManipulation; spec: BulkRunSpec }) {
  const { api } = spec;
  return (
    <Group gap="sm">
      {m.hasInputFile && (
        <Button size="xs" variant="default" onClick={() => void api.downloadUploadedFile(m.id)}>
          アップロードしたファイル
        </Button>
      )}
      {spec.errorsDownload.isShown(m) && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => void api.downloadRowsCsv(m.id, 'errors.csv')}
          data-testid="download-errors"
        >
          {spec.errorsDownload.label}
        </Button>
      )}
      {isBulkChecked(m.status) && !m.fileError && (
        <Button
          size="xs"
          variant="default"
          onClick={() => void api.downloadRowsCsv(m.id, 'result.csv')}
        >
          結果をダウンロード
        </Button>
      )}
    </Group>
  );
}

function Run({ m, spec }: { m: TBulkManipulation; spec: BulkRunSpec }) {
  const update = spec.api.useUpdateManipulation(m.id);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={700}>{spec.title(m)}</Text>
              <StatusBadge m={m} />
            </Group>
            <Text size="sm" c="dimmed">
              {spec.meta?.(m)}
              {m.createdBy.name}・{formatDateTime(m.createdAt)}
              {m.finishedAt && `（完了 ${formatDateTime(m.finishedAt)}）`}
            </Text>
          </Stack>
          {spec.execute && isBulkBeforeExecution(m.status) && (
            <ExecuteButton m={m} spec={spec.execute} update={update} />
          )}
        </Group>
        <RunProgress m={m} unit={spec.unit} />
        {m.status === BulkStatus.CheckFailed && (m.counts.error ?? 0) > 0 && (
          <Alert color="red" mt="sm">
            エラーのある行があるため実行できません。{spec.retry}
          </Alert>
        )}
        {spec.alerts(m)}
        {m.fileError && (
          <Alert color="red" mt="sm" title={m.fileError.message} role="alert">
            {m.fileError.details && (
              <List size="sm">
                {m.fileError.details.map((d) => (
                  <List.Item key={d.path + d.message}>
                    {d.path}: {d.message}
                  </List.Item>
                ))}
              </List>
            )}
            <Text size="sm" mt={4}>
              ファイルを修正して、もう一度アップロードしてください。
            </Text>
          </Alert>
        )}
        <Group mt="sm">
          <Files m={m} spec={spec} />
        </Group>
      </Paper>
      {isBulkChecked(m.status) && !m.fileError && (
        <>
          {spec.counts(m)}
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="md" mb="sm">
              {spec.rowsTitle}
            </Title>
            {/* Remounted on each status change: the rows' filters and pages start over with the new outcome. */}
            <Fragment key={m.status}>{spec.rows(m)}</Fragment>
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** One run of any bulk target: state, progress, 実行 with confirmation, notices, files, counts and rows. */
export function BulkRunView({
  id,
  spec,
  header,
  kind,
}: {
  id: string;
  spec: BulkRunSpec;
  header?: ReactNode;
  /** The page's kind: a run of another kind is not found here. */
  kind?: number;
}) {
  const q = spec.api.useManipulation(id, kind);
  const body =
    q.isError || !q.data ? (
      <QueryFallback
        query={q}
        context={{ notFound: spec.missing.title, privilege: '組織管理権限' }}
        back={spec.missing.back}
      />
    ) : (
      <Run m={q.data} spec={spec} />
    );
  return (
    <>
      {header}
      {body}
    </>
  );
}
