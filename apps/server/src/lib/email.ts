/** Emails are compared the way members are stored: NFKC, trimmed, lower-cased. */
export const normalizeEmail = (email: string) => email.normalize('NFKC').trim().toLowerCase();
