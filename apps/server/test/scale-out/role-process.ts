/**
 * One server process of one role (`--role=api` or `--role=worker`, main.ts) on a shared PostgreSQL and data
 * folder, as a scaled-out deployment runs them: started, awaited until it serves, killed or stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const MAIN = path.join(import.meta.dirname, '../../src/main.ts');

export type RoleProcess = { name: string; child: ChildProcess; apiUrl?: string };

export async function startRole(
  name: string,
  role: 'api' | 'worker',
  shared: { databaseUrl: string; dataDir: string },
  apiPort: number,
): Promise<RoleProcess> {
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, `--role=${role}`], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: shared.databaseUrl,
      DATA_DIR: shared.dataDir,
      API_PORT: String(apiPort),
      // Every process names the same public addresses (the load balancer's): tokens are issued for them.
      SITE_URL: 'http://localhost:3000',
      API_URL: 'http://localhost:3001',
      SEED: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The process logs `started` once its role serves (the api listens, the worker fetches jobs).
  const started = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('"msg":"started"')) resolve();
      else if (/"level":(50|60)/.test(line)) console.error(`${name}: ${line}`);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} at start`)));
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 120_000);
  await started.finally(() => clearTimeout(timeout));
  return { name, child, apiUrl: role === 'api' ? apiUrl : undefined };
}

export async function stopRole(p: RoleProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill(signal);
  await exited;
}
