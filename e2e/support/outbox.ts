import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { DATA_DIR } from '../playwright.config.ts';

/** This worker's server writes each mail as an .eml file here (apps/server/src/lib/mailer.ts, the outbox). */
const outbox = () => path.join(DATA_DIR ?? '', 'mail');

export type OutboxMail = { subject: string; text: string; file: string };

/**
 * The newest mail to `to` (decoded by mailparser: quoted-printable, base64, ISO-2022-JP headers), or null.
 * Written files are sorted by name, which starts with the time they were sent.
 */
export async function newestMailTo(to: string): Promise<OutboxMail | null> {
  let files: string[];
  try {
    files = readdirSync(outbox())
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return null;
  }
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(outbox(), file)));
    const recipients = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
    if (!recipients.some((address) => address?.toLowerCase() === to.toLowerCase())) continue;
    return { subject: mail.subject ?? '', text: mail.text ?? '', file };
  }
  return null;
}

/** The site path of the first link to `/kind/…` in a mail, ready for `page.goto`. */
export const linkPath = (mail: OutboxMail, kind: 'password_reset' | 'password_setup') =>
  new RegExp(`https?://[^/\\s]+(/${kind}/[A-Za-z0-9_-]+)`).exec(mail.text)?.[1] ?? null;
