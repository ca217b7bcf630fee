/**
 * A real DNS server for the SSO domain tests: dnsmasq from Debian's packages (`apt-get install dnsmasq-base`;
 * .ci/run installs it), on a loopback port with a configuration written to a temporary folder. It answers the
 * `.test` names it is given and NXDOMAIN for any other `.test` name, and asks nobody else. dnsmasq reads TXT
 * records only at start, so new records restart it on the same port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { promises as dns } from 'node:dns';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DNSMASQ = '/usr/sbin/dnsmasq';
export const hasDnsmasq = () => existsSync(DNSMASQ);
export const NO_DNSMASQ = `${DNSMASQ} がありません（apt-get install -y dnsmasq-base）: DNS を使うテストは実行できません`;

export type LocalDns = {
  /** What DNS_SERVERS takes: `127.0.0.1:<port>`. */
  server: string;
  /** Serves exactly these TXT records (name → values) from now on. */
  setTxt: (records: Record<string, string[]>) => Promise<void>;
  stop: () => Promise<void>;
};

const PROBE = 'ready.probe.test';

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

// dnsmasq's quoting: a TXT value is a quoted string, backslash escapes inside.
const quoted = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** `port`: a fixed one (a server started before the DNS, as the browser tests' is); by default a free one. */
export async function startLocalDns(opts: { port?: number } = {}): Promise<LocalDns> {
  if (!hasDnsmasq()) throw new Error(NO_DNSMASQ);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-dns-'));
  const port = opts.port ?? (await freeUdpPort());
  const server = `127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const stopChild = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  const start = async (records: Record<string, string[]>) => {
    await stopChild();
    const conf = path.join(dir, 'dnsmasq.conf');
    const lines = [
      `port=${port}`,
      'listen-address=127.0.0.1',
      'bind-interfaces',
      'no-resolv',
      'no-hosts',
      'pid-file=',
      // Authoritative for .test and for each record's domain: unknown names there are NXDOMAIN, never
      // "refused" or sent upstream.
      'local=/test/',
      ...Object.keys(records).map((name) => `local=/${name.replace(/^_[^.]*\./, '')}/`),
      `txt-record=${PROBE},"ok"`,
      ...Object.entries(records).flatMap(([name, values]) =>
        values.map((v) => `txt-record=${name},${quoted(v)}`),
      ),
    ];
    writeFileSync(conf, `${lines.join('\n')}\n`);
    let stderr = '';
    const proc = spawn(DNSMASQ, ['--keep-in-foreground', `--conf-file=${conf}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child = proc;
    const resolver = new dns.Resolver({ timeout: 200, tries: 1 });
    resolver.setServers([server]);
    for (let i = 0; i < 100; i++) {
      if (proc.exitCode !== null) throw new Error(`dnsmasq exited: ${stderr}`);
      try {
        await resolver.resolveTxt(PROBE);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error(`dnsmasq did not answer on ${server}: ${stderr}`);
  };

  await start({});
  return {
    server,
    setTxt: start,
    stop: async () => {
      await stopChild();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
