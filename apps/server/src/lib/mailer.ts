/**
 * Mail (docs/design.md §1 Mail): nodemailer over SMTP when SMTP_URL is set; otherwise each mail is written as an
 * .eml file under DATA_DIR/mail/ (the "outbox") and logged, so invitations work on a laptop.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  outboxDir: string | null;
  /** Closes the SMTP connections kept open between mails (at shutdown). */
  close?: () => Promise<void>;
};

export const MAIL_FROM = 'クラウドサイン <no-reply@cloudsign.example>';

/**
 * SMTP connections kept open and reused (nodemailer's pool), a few at once: a new connection per mail (EHLO,
 * STARTTLS, AUTH each time) held a bulk run's invitations to a few per second. `SMTP_URL` may set its own
 * `pool`, `maxConnections` or `maxMessages` in its query string.
 */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 1000 };

export function pooledSmtpUrl(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const defaults = { pool: 'true', ...SMTP_POOL };
  for (const [key, value] of Object.entries(defaults))
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  return url.toString();
}

/**
 * The transport is made on the first mail: nodemailer (35 modules) is then loaded by the process that sends,
 * not by every start (a site or an API that never mails does not pay for it).
 */
function onFirstUse<T extends Transporter<unknown>>(make: (lib: typeof import('nodemailer')) => T) {
  let transport: Promise<T> | null = null;
  return () => (transport ??= import('nodemailer').then((lib) => make(lib.default)));
}

export function createMailer(opts: { smtpUrl?: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    const transport = onFirstUse((nodemailer) =>
      nodemailer.createTransport(pooledSmtpUrl(smtpUrl)),
    );
    let isUsed = false;
    return {
      outboxDir: null,
      close: async () => {
        if (isUsed) (await transport()).close();
      },
      send: async (mail) => {
        isUsed = true;
        await (await transport()).sendMail({ from: MAIL_FROM, ...mail });
        opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outboxDir = path.resolve(opts.dataDir, 'mail');
  const stream = onFirstUse((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    outboxDir,
    send: async (mail) => {
      const info = await (await stream()).sendMail({ from: MAIL_FROM, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      opts.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}
