import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  BulkStatus,
  CSV_ENCODING_LABELS,
  CSV_ENCODINGS,
  type TCsvEncoding,
} from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { JobProgress, fmt } from '../../../components/bulk/index.ts';
import { downloadAuditExport, requestAuditExport, useAuditExport } from '../api/audit-export.ts';
import type { AuditFilter } from '../lib/filter.ts';

const messageOf = (e: unknown) =>
  isApiError(e)
    ? [e.message, ...e.details.map((d) => d.message)].join(' ')
    : 'CSVを作成できませんでした。時間をおいてもう一度お試しください。';

/**
 * The events of the current conditions as a CSV: a job writes the file (its progress shown here), then the
 * auditor downloads it. The request and each download are recorded in the log itself. The page remounts the
 * panel when the conditions change, so a file of earlier conditions is never offered for the new ones.
 */
export function AuditExportPanel({ filter }: { filter: AuditFilter }) {
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const job = useAuditExport(jobId);
  const m = job.data;

  const start = async () => {
    setError(null);
    // The last file is of other conditions or another encoding: only the new one is offered.
    setJobId(null);
    setStarting(true);
    try {
      setJobId((await requestAuditExport(filter, encoding)).manipulation.id);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setStarting(false);
    }
  };
  const download = async (id: string) => {
    setError(null);
    try {
      await downloadAuditExport(id);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const isRunning = m?.status === BulkStatus.Processing;
  return (
    <Paper withBorder p="md" aria-label="CSVの書き出し" component="section">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              文字コード
            </Text>
            <SegmentedControl
              value={encoding}
              onChange={(v) => {
                setEncoding(v as TCsvEncoding);
                setJobId(null);
              }}
              data={CSV_ENCODINGS.map((e) => ({ value: e, label: CSV_ENCODING_LABELS[e] }))}
              aria-label="文字コード"
            />
          </Stack>
          <Button variant="light" onClick={() => void start()} loading={isStarting || isRunning}>
            この条件でCSVを書き出す
          </Button>
        </Group>
        {isRunning && (
          <JobProgress verb="CSVを作成中" done={m.processedRows} total={m.totalRows} unit="件" />
        )}
        {m?.status === BulkStatus.Succeeded && (
          <Alert color="green" title="CSVができました">
            <Group gap="sm">
              <Text size="sm">{fmt(m.totalRows)}件の記録を書き出しました。</Text>
              <Button size="compact-sm" onClick={() => void download(m.id)}>
                CSVをダウンロード
              </Button>
            </Group>
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
