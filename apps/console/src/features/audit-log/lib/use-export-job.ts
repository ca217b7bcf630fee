import { useState } from 'react';
import { BulkStatus } from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { downloadAuditExport, useAuditExport } from '../api/audit-export.ts';

const messageOf = (e: unknown) =>
  isApiError(e)
    ? [e.message, ...e.details.map((d) => d.message)].join(' ')
    : 'CSVを作成できませんでした。時間をおいてもう一度お試しください。';

/**
 * A CSV the audit log's jobs write (the events of the conditions, the 訂正削除履歴): `start` sends the request
 * that makes the job, its progress is asked every second, then the file is downloaded. Only the file of the last
 * start is offered; `forget` drops it when what it was made from changes.
 */
export function useExportJob() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const job = useAuditExport(jobId).data;

  const start = async (request: () => Promise<{ manipulation: { id: string } }>) => {
    setError(null);
    setJobId(null);
    setStarting(true);
    try {
      setJobId((await request()).manipulation.id);
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
  return {
    job,
    error,
    isBusy: isStarting || job?.status === BulkStatus.Processing,
    start,
    download,
    forget: () => setJobId(null),
  };
}
