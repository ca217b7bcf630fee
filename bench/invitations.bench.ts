/**
 * A bulk add's invitation mails to a real SMTP server (issue 36): 100,000 invitations (× `--scale`) in 5 rounds,
 * each round 20 companies' executed runs of 1,000 invited members (a company's daily cap, auth/mail-limits.ts,
 * so the throttles stay as they are) queued at once on PostgreSQL. Figure: the product's own worker (pg-boss,
 * the `member-bulk.invite` job, the mailer's pooled SMTP transport) from queueing to the last row mailed.
 * Ceiling: nodemailer alone sending as many mails of the same text to the same server from this process,
 * with the same pool and as many in flight. Figure and ceiling alternate; every round must mail each member
 * exactly once (one link each, no row left). Needs an SMTP server at BENCH_SMTP_URL (bench/README.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BulkKind, BulkStatus } from '@cloudsign/contract';
import { interleave, percentile, spreadNote } from './lib/measure.ts';
import { smtpAnswers } from './lib/smtp-probe.ts';
import type { BenchContext, BenchResult, Benchmark } from './lib/types.ts';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { closeDeps, createDeps } from '../apps/server/src/bootstrap.ts';
import type { ManipulationRow } from '../apps/server/src/bulk/bulk.types.ts';
import { queueInvitations } from '../apps/server/src/modules/member-bulk/member-invitations.ts';
import { invitationMail } from '../apps/server/src/auth/password-setup.ts';
import { MAIL_FROM, pooledSmtpUrl } from '../apps/server/src/lib/mailer.ts';
import { eachBounded } from '../apps/server/src/lib/each-bounded.ts';

const SMTP_URL = process.env.BENCH_SMTP_URL ?? 'smtp://127.0.0.1:4525';
const ROUNDS = 5;
const PER_COMPANY = 1000;
/** The ceiling's mails under way at once: as many as the invitation job has (member-invitations.ts). */
const IN_FLIGHT = 8;

type Round = { manipulations: { id: string; companyId: string }[]; emails: string[] };

/** One round's companies, invited members and executed add runs whose rows await their mail. */
async function seedRound(
  q: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  round: number,
  companies: number,
): Promise<Round> {
  const made = await q(
    `insert into companies (id, name) select gen_random_uuid(), '招待ベンチ' || $1 || '-' || g
     from generate_series(1, $2) g returning id`,
    [round, companies],
  );
  const ids = made.rows.map((r) => String(r.id));
  await q(
    `insert into users (id, company_id, email, name, status, source)
     select gen_random_uuid(), c.id, 'inv' || $2 || '-' || c.n || '-' || g || '@bench-invite.example', '招待 ' || g, 0, 'csv'
     from unnest($1::uuid[]) with ordinality c(id, n) cross join generate_series(1, $3) g`,
    [ids, round, PER_COMPANY],
  );
  const runs = await q(
    `insert into bulk_manipulations (company_id, target, kind, status, total_rows, processed_rows)
     select id, 'members', $2, $3, $4, $4 from unnest($1::uuid[]) id returning id, company_id`,
    [ids, BulkKind.Add, BulkStatus.Succeeded, PER_COMPANY],
  );
  await q(
    `insert into bulk_manipulation_rows (manipulation_id, row_number, action, target_id, input, after, outcome)
     select m.id, row_number() over (partition by m.id order by u.email), 'add', u.id, '{}',
       jsonb_build_object('email', u.email, 'name', u.name), 'succeeded'
     from bulk_manipulations m join users u on u.company_id = m.company_id where m.id = any($1::uuid[])`,
    [runs.rows.map((r) => r.id)],
  );
  const emails = await q(
    `select email from users where company_id = any($1::uuid[]) order by email`,
    [ids],
  );
  return {
    manipulations: runs.rows.map((r) => ({ id: String(r.id), companyId: String(r.company_id) })),
    emails: emails.rows.map((r) => String(r.email)),
  };
}

async function invitationsBench(ctx: BenchContext): Promise<BenchResult> {
  if (!(await smtpAnswers(SMTP_URL)))
    throw new Error(
      `SMTP サーバーが ${SMTP_URL} で応答しないため計測しません（bench/README.md「招待メール」の手順で postfix を起動するか、BENCH_SMTP_URL を指定してください）`,
    );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-invite-'));
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'off',
    PORT: '3300',
    API_PORT: '3301',
    DATABASE_URL: ctx.databaseUrl,
    SMTP_URL,
  });
  const deps = await createDeps(env);
  try {
    const raw = deps.database.raw;
    const q = (text: string, values?: unknown[]) =>
      raw.query(text, values) as Promise<{ rows: Record<string, unknown>[] }>;
    const companies = ctx.size(20);
    ctx.log(`招待: ${ROUNDS} 回 × ${companies} 社 × ${PER_COMPANY} 名を作成中`);
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await seedRound(q, r, companies));
    await deps.jobs.startWorking();
    const notes: string[] = [];
    const waits: number[] = [];
    let isExact = true;

    const figure = async (round: number) => {
      const { manipulations } = rounds[round]!;
      const runIds = manipulations.map((m) => m.id);
      const started = performance.now();
      const [{ at }] = (await q('select clock_timestamp() as at')).rows as [{ at: Date }];
      for (const m of manipulations)
        await queueInvitations(deps, m.id, BulkKind.Add)!(m as ManipulationRow);
      for (;;) {
        const { rows } = await q(
          `select count(*)::int as n from bulk_manipulation_rows where manipulation_id = any($1::uuid[]) and follow_up_at is null`,
          [runIds],
        );
        if (rows[0]!.n === 0) break;
        if (performance.now() - started > 20 * 60_000) throw new Error('20 分で送り終わりません');
        await new Promise((r) => setTimeout(r, 100));
      }
      const ms = performance.now() - started;
      // Exactly once: one live link per member, made by this round; the longest wait for a company's first mail.
      const { rows } = await q(
        `select (select count(*)::int from password_setup_tokens t join users u on u.id = t.user_id
                 where u.company_id = any($1::uuid[])) as links,
                (select extract(epoch from max(first) - $2::timestamptz) * 1000 from (
                   select min(follow_up_at) as first from bulk_manipulation_rows
                   where manipulation_id = any($3::uuid[]) group by manipulation_id) f) as wait`,
        [manipulations.map((m) => m.companyId), at, runIds],
      );
      const links = Number(rows[0]!.links);
      isExact &&= links === rounds[round]!.emails.length;
      waits.push(Number(rows[0]!.wait));
      notes.push(`${links} links`);
      return [ms];
    };

    const ceiling = async (round: number) => {
      const nodemailer = (await import('nodemailer')).default;
      const transport = nodemailer.createTransport(pooledSmtpUrl(SMTP_URL));
      const started = performance.now();
      await eachBounded(rounds[round]!.emails, IN_FLIGHT, async (email) => {
        const mail = invitationMail(
          deps,
          { email, name: '招待' },
          { token: crypto.randomUUID(), companyName: '招待ベンチ' },
        );
        await transport.sendMail({ from: MAIL_FROM, ...mail });
      });
      const ms = performance.now() - started;
      transport.close();
      return [ms];
    };

    const r = await interleave({ rounds: ROUNDS, figure, ceiling });
    const mails = rounds[0]!.emails.length;
    const perMinute = (ms: number) => Math.round((mails / ms) * 60_000);
    const product = perMinute(percentile(r.figure, 50));
    const bare = perMinute(percentile(r.ceiling, 50));
    return {
      figure: product,
      ceiling: bare,
      unit: 'mails/min',
      pass: isExact && product >= 1000,
      note:
        `${(mails * ROUNDS).toLocaleString('en')} invitations: ${ROUNDS} rounds of ${companies} companies × ${PER_COMPANY} ` +
        `(the daily cap) to ${SMTP_URL} (postfix, discarding); median round ${(percentile(r.figure, 50) / 1000).toFixed(1)} s ` +
        `vs ${(percentile(r.ceiling, 50) / 1000).toFixed(1)} s; ${isExact ? 'each member one link' : 'NOT one link each'} ` +
        `(${notes.join(', ')}); longest wait for a company's first mail ${(Math.max(...waits) / 1000).toFixed(1)} s; ` +
        `share of ceiling per round (${spreadNote(r.ratios.map((x) => 1 / x))}); load ${os.loadavg()[0]!.toFixed(2)}`,
    };
  } finally {
    await closeDeps(deps);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const benchmarks: Benchmark[] = [
  {
    name: 'invitation mails: 100,000 to a local SMTP server (PostgreSQL)',
    target: '≥ 1,000 mails/min, each member mailed once, with the daily caps',
    run: invitationsBench,
  },
];
