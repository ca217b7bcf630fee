/** Test harness of the bulk crash tests: starts a disposable worker process (crash-worker.ts) and follows it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** `script`: another child speaking the same lines (`working`, then `{status, processed}`; done at status ≥ 6). */
export function startCrashWorker(
  jobName: string,
  manipulationId: string,
  env: Record<string, string>,
  script = path.join(import.meta.dirname, 'crash-worker.ts'),
) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, jobName, manipulationId], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  let last = { status: 0, processed: 0 };
  /** When the work was first reported final (status 6 or more), for the caller's timing of later kills. */
  let finishedAt: number | undefined;
  let onWorking: () => void = () => {};
  let onFailed: (e: Error) => void = () => {};
  const working = new Promise<void>((resolve, reject) => {
    onWorking = resolve;
    onFailed = reject;
  });
  const waiters: { atLeast: number; resolve: () => void }[] = [];
  lines.on('line', (l) => {
    if (l === 'working') onWorking();
    else if (l.startsWith('{')) {
      last = JSON.parse(l) as typeof last;
      if (last.status >= 6) finishedAt ??= Date.now();
      for (const w of waiters.filter((x) => last.processed >= x.atLeast || last.status >= 6))
        w.resolve();
    }
  });
  /** Resolves once the committed progress reaches `atLeast` rows (or the run ended). */
  const reached = (atLeast: number) =>
    new Promise<void>((resolve) => waiters.push({ atLeast, resolve }));
  const exited = new Promise<number | null>((r) =>
    child.on('exit', (code) => {
      onFailed(new Error(`worker exited with ${code} before working`));
      r(code);
    }),
  );
  return { child, working, exited, reached, last: () => last, finishedAt: () => finishedAt };
}

export const killWorker = (child: ChildProcess) => child.kill('SIGKILL');
