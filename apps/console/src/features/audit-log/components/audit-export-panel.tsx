import { useState } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import type { TCsvEncoding } from '@cloudsign/contract';
import { EncodingChoice, JobStatus, fmt } from '../../../components/bulk/index.ts';
import { auditExportJob, requestAuditExport } from '../api/audit-export.ts';
import type { AuditFilter } from '../lib/filter.ts';
import { useJob } from '../../../lib/use-job.ts';

/**
 * The events of the current conditions as a CSV: a job writes the file (its progress shown here), then the
 * auditor downloads it. The request and each download are recorded in the log itself. The page remounts the
 * panel when the conditions change, so a file of earlier conditions is never offered for the new ones.
 */
export function AuditExportPanel({ filter }: { filter: AuditFilter }) {
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');
  const exportJob = useJob(auditExportJob);
  return (
    <Paper withBorder p="md" aria-label="CSVの書き出し" component="section">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <EncodingChoice
            heading="文字コード"
            value={encoding}
            onChange={(e) => {
              setEncoding(e);
              exportJob.forget();
            }}
          />
          <Button
            variant="light"
            onClick={() => void exportJob.start(() => requestAuditExport(filter, encoding))}
            loading={exportJob.isBusy}
          >
            この条件でCSVを書き出す
          </Button>
        </Group>
        <JobStatus
          noun="CSV"
          job={exportJob.job}
          error={exportJob.error}
          doneText={(n) => `${fmt(n)}件の記録を書き出しました。`}
          onDownload={(id) => void exportJob.download(id)}
        />
      </Stack>
    </Paper>
  );
}
