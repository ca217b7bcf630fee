import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What axe found on one page state: moderate, serious and critical violations fail, minor ones are printed. */
export type AxeFinding = {
  state: string;
  rule: string;
  impact: string;
  targets: string[];
  help: string;
};

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA plus best practices) on the page as it is now and returns every
 * violation tagged with `state`. Waits for Mantine's open/close transitions to settle first, so a modal is
 * checked fully shown rather than half faded (which axe would read as low contrast).
 */
export async function audit(page: Page, state: string): Promise<AxeFinding[]> {
  await page.waitForLoadState('domcontentloaded');
  await page.waitForTimeout(350);
  const started = Date.now();
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  if (process.env.A11Y_TIMING) console.log(`axe ${state}: ${Date.now() - started} ms`);
  return result.violations.map((v) => ({
    state,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    targets: v.nodes
      .slice(0, 5)
      .map(
        (n) =>
          `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''}`,
      ),
    help: v.help,
  }));
}

export const isBlocking = (f: AxeFinding) =>
  f.impact === 'moderate' || f.impact === 'serious' || f.impact === 'critical';

/** One line per finding, for the run's output. */
export const describe = (f: AxeFinding) =>
  `[${f.impact}] ${f.state} · ${f.rule} (${f.help})\n    ${f.targets.join('\n    ')}`;

/** Expects the focused element to be inside `selector` (or to be it). */
export async function expectFocusWithin(page: Page, selector: string) {
  await expect(page.locator(`${selector}:focus, ${selector} :focus`)).toHaveCount(1);
}
