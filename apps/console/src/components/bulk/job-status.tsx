import { Alert, Button, Group, Text } from '@mantine/core';
import { BulkStatus } from '@cloudsign/contract';
import type { JobState } from '../../lib/use-job.ts';
import { JobProgress } from './run-summary.tsx';

/**
 * A job's progress, its file once written and what went wrong (lib/use-job.ts), said of its `noun`
 * (「CSV」「ZIPファイル」): 「CSVを作成中」, 「CSVができました」 with its download button.
 */
export function JobStatus({
  job,
  error,
  noun,
  doneText,
  invalidText,
  onDownload,
}: {
  job: JobState | undefined;
  error: string | null;
  noun: string;
  doneText: (rows: number) => string;
  /** Said when the job ended 無効 (what it was made from is gone); nothing when absent. */
  invalidText?: string;
  onDownload: (id: string) => void;
}) {
  return (
    <>
      {job?.status === BulkStatus.Processing && (
        <JobProgress
          verb={`${noun}を作成中`}
          done={job.processedRows}
          total={job.totalRows}
          unit="件"
        />
      )}
      {job?.status === BulkStatus.Succeeded && (
        <Alert color="green" title={`${noun}ができました`}>
          <Group gap="sm">
            <Text size="sm">{doneText(job.totalRows)}</Text>
            <Button size="compact-sm" onClick={() => onDownload(job.id)}>
              {noun}をダウンロード
            </Button>
          </Group>
        </Alert>
      )}
      {invalidText && job?.status === BulkStatus.Invalid && (
        <Alert color="red" role="alert">
          {invalidText}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
