import type { Page } from '@playwright/test';

/**
 * The rule of e2e/japanese-only.spec.ts: visible text holds no English sentence, i.e. no run of two or more
 * English words. What may stand in Japanese text is taken out first: e-mail addresses, URLs and host names,
 * product and protocol names, and values that come from data (user agents in the audit log).
 */
const ALLOWED: readonly RegExp[] = [
  // Data: a sign-in's browser (user agent) in the audit log, taken out before its version numbers.
  /Mozilla\/5\.0.*$/g,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /https?:\/\/\S+/g,
  /\b[\w-]+(?:\.[\w-]+)+(?:\/\S*)?/g,
  /-----(?:BEGIN|END) CERTIFICATE-----/g,
  // Markup shown as an example of what to paste (the IdP metadata XML).
  /<[^>]*>?/g,
  /\b(?:Microsoft Entra ID|Entra ID|Google Authenticator|Microsoft Authenticator|Google Workspace|SAML 2\.0|ACS URL|SSO URL|IdP|SP|SAML|SSO|CSV|PDF|XML|TXT|DNS|JIT|ID|URL|NameID|Okta|CloudSign|SMBC|SHA-256|UTF-8|BOM|Shift_JIS|CP932|Excel|Audience|Destination|Recipient|InResponseTo|PEM|API|OK)\b/g,
];
const ENGLISH_RUN = /[A-Za-z]+(?:['’-][A-Za-z]+)*(?:[ ,]+[A-Za-z]+(?:['’-][A-Za-z]+)*)+/g;

/** English sentences left in one piece of text once the allowed words are taken out. */
export function englishRuns(text: string): string[] {
  let rest = text;
  for (const allowed of ALLOWED) rest = rest.replace(allowed, '・');
  return rest.match(ENGLISH_RUN) ?? [];
}

/**
 * The texts a person sees now: the rendered text of the page (innerText leaves out what is hidden), line by
 * line, the visible fields' placeholders and the document title.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  const lines = (await page.locator('body').innerText()).split('\n');
  const fields = page.locator('input[placeholder]:visible, textarea[placeholder]:visible');
  const placeholders = await fields.evaluateAll(
    (els: { getAttribute(n: string): string | null }[]) =>
      els.map((el) => el.getAttribute('placeholder') ?? ''),
  );
  return [await page.title(), ...lines, ...placeholders].map((t) => t.trim()).filter(Boolean);
}

/** Collects, screen by screen, every English sentence found (the test asserts the list at its end). */
export class EnglishWalk {
  readonly found: string[] = [];
  constructor(private readonly role: string) {}

  async check(page: Page, where: string) {
    for (const text of await visibleTexts(page))
      for (const run of englishRuns(text))
        this.found.push(`${this.role} / ${where}: 「${run}」 in 「${text.slice(0, 120)}」`);
  }
}
