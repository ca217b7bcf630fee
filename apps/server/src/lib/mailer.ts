/**
 * Mail (docs/design.md §1 Mail): nodemailer over SMTP when SMTP_URL is set; otherwise each mail is written as an
 * .eml file under DATA_DIR/mail/ (the "outbox") and logged, so invitations work on a laptop.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; outboxDir: string | null };

export const MAIL_FROM = 'クラウドサイン <no-reply@cloudsign.example>';

export function createMailer(opts: { smtpUrl?: string; dataDir: string; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      outboxDir: null,
      send: async (mail) => {
        await transport.sendMail({ from: MAIL_FROM, ...mail });
        opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outboxDir = path.resolve(opts.dataDir, 'mail');
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    outboxDir,
    send: async (mail) => {
      const info = await stream.sendMail({ from: MAIL_FROM, ...mail });
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
