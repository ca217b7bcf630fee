/** A benchmark's child process stopped as an operator would: SIGTERM, then SIGKILL if it has not exited in time. */
import type { ChildProcess } from 'node:child_process';

export async function stopChild(child: ChildProcess, killAfterMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}
