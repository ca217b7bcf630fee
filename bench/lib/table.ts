/** The one results table: printed to the terminal and written to bench/RESULTS.md with the machine. */
import os from 'node:os';

export type Row = {
  name: string;
  target: string;
  figure?: number;
  ceiling?: number;
  unit?: string;
  pass?: boolean;
  note?: string;
  error?: string;
  seconds: number;
};

const num = (n: number) =>
  Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);

export function cells(r: Row): string[] {
  if (r.error !== undefined) return [r.name, '-', '-', '-', r.target, 'error', r.error];
  const ratio = r.ceiling ? `×${(r.figure! / r.ceiling).toFixed(2)}` : '-';
  return [
    r.name,
    `${num(r.figure!)} ${r.unit}`,
    `${num(r.ceiling!)} ${r.unit}`,
    ratio,
    r.target,
    r.pass ? 'pass' : 'short',
    r.note ?? '',
  ];
}

export const HEADER = ['benchmark', 'figure', 'ceiling', 'ratio', 'target', 'result', 'note'];

/** Display width: CJK characters take two columns in a terminal. */
const width = (s: string) =>
  [...s].reduce(
    (w, c) =>
      w +
      (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(
        c,
      )
        ? 2
        : 1),
    0,
  );
const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - width(s)));

export function formatTerminal(rows: readonly Row[]): string {
  const all = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...all.map((r) => width(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((c, i) => pad(c, widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(HEADER),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(cells(r))),
  ].join('\n');
}

export type Machine = {
  cpus: string;
  memory: string;
  node: string;
  postgres: string;
  os: string;
  load: string;
};

export function machine(pgVersion: string): Machine {
  const cpus = os.cpus();
  return {
    cpus: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}`,
    memory: `${Math.round(os.totalmem() / 1024 ** 3)} GiB`,
    node: process.version,
    postgres: pgVersion,
    os: `${os.type()} ${os.release()}`,
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
  };
}

const md = (s: string) => s.replaceAll('|', '\\|');

export function formatMarkdown(
  rows: readonly Row[],
  m: Machine,
  meta: { date: string; filter?: string; scale: number; totalSeconds: number; pending?: number },
): string {
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); see bench/README.md for what each benchmark measures.',
    '',
    `- Date: ${meta.date}`,
    `- Machine: ${m.cpus}, ${m.memory} memory, ${m.os}`,
    `- Node ${m.node}, PostgreSQL ${m.postgres}`,
    `- Load average at the end of the run: ${m.load}`,
    `- Scale: ${meta.scale}${meta.filter ? `; only benchmarks matching \`${meta.filter}\`` : ''}; run took ${meta.totalSeconds.toFixed(0)} s`,
    ...(meta.pending
      ? [`- **Run in progress**: ${meta.pending} benchmarks still to run when this was written`]
      : []),
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${cells(r).map(md).join(' | ')} |`),
    '',
    'ratio = figure ÷ ceiling. The ceiling is the same work done the fastest way this machine allows, measured in the same run.',
    '',
  ];
  return lines.join('\n');
}
