import { Alert, Button, Group, Text } from '@mantine/core';
import { BulkStatus, type TBulkManipulation } from '@cloudsign/contract';
import { JobProgress } from '../../../components/bulk/index.ts';

/** An export job's progress, its file once written, and what went wrong (useExportJob). */
export function ExportJobStatus({
  job,
  error,
  doneText,
  onDownload,
}: {
  job: Pick<TBulkManipulation, 'id' | 'status' | 'processedRows' | 'totalRows'> | undefined;
  error: string | null;
  doneText: (rows: number) => string;
  onDownload: (id: string) => void;
}) {
  return (
    <>
      {job?.status === BulkStatus.Processing && (
        <JobProgress verb="CSVを作成中" done={job.processedRows} total={job.totalRows} unit="件" />
      )}
      {job?.status === BulkStatus.Succeeded && (
        <Alert color="green" title="CSVができました">
          <Group gap="sm">
            <Text size="sm">{doneText(job.totalRows)}</Text>
            <Button size="compact-sm" onClick={() => onDownload(job.id)}>
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
    </>
  );
}
