import type { Page } from '@playwright/test';

/** Every warning and error the page writes to the browser console, and its uncaught errors, as they come. */
export function collectWarnings(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
}
