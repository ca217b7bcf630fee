import { z } from 'zod';

/**
 * Messages of checks that do not carry their own (a wrong type, an unknown enum value…) in Japanese, like
 * every other message the product shows; for the server and the console alike.
 */
z.config(z.locales.ja());
