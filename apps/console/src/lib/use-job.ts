import { useState } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { BulkStatus } from '@cloudsign/contract';
import { isApiError } from './api-client.ts';

/** What every job's progress answer carries (a bulk run's row, or its status call). */
export type JobState = { id: string; status: number; processedRows: number; totalRows: number };

/**
 * Where one kind of job lives: its progress call (polled every second while it runs), the download of its
 * file, and what to say when something other than the API refused (a network failure).
 */
export type JobSource<J extends JobState> = {
  key: (id: string) => QueryKey;
  status: (id: string, signal: AbortSignal) => Promise<J>;
  download: (id: string) => Promise<unknown>;
  failText: string;
};

/** A job's source with its progress answer's type inferred from `status`. */
export const jobSource = <J extends JobState>(s: JobSource<J>): JobSource<J> => s;

const messageOf = (e: unknown, failText: string) =>
  isApiError(e) ? [e.message, ...e.details.map((d) => d.message)].join(' ') : failText;

/**
 * A file made by a job (an export, a ZIP): `start` sends the request that makes the job, its progress is
 * asked every second, then `download` fetches the file. Only the file of the last start is offered; `forget`
 * drops it when what it was made from changes.
 */
export function useJob<J extends JobState>(source: JobSource<J>) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const job = useQuery({
    queryKey: source.key(jobId ?? ''),
    queryFn: ({ signal }) => source.status(jobId!, signal),
    enabled: jobId !== null,
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== BulkStatus.Processing ? false : 1000,
  }).data;

  const start = async (request: () => Promise<{ manipulation: { id: string } }>) => {
    setError(null);
    setJobId(null);
    setStarting(true);
    try {
      setJobId((await request()).manipulation.id);
    } catch (e) {
      setError(messageOf(e, source.failText));
    } finally {
      setStarting(false);
    }
  };
  const download = async (id: string) => {
    setError(null);
    try {
      await source.download(id);
    } catch (e) {
      setError(messageOf(e, source.failText));
    }
  };
  const reset = () => {
    setJobId(null);
    setError(null);
  };
  return {
    job: jobId === null ? undefined : job,
    error,
    isStarting,
    isBusy: isStarting || job?.status === BulkStatus.Processing,
    start,
    download,
    forget: () => setJobId(null),
    reset,
  };
}
