import { expect, type Page, type Response } from '@playwright/test';

/** An element's `data-testid` in the HTML as sent: how many times it is there. */
export const countIn = (html: string, testId: string) =>
  html.split(`data-testid="${testId}"`).length - 1;

/** The page's own markup inside #root: the plain page sends an empty root. */
export const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

const PLAIN_ROOT = '<div id="root"></div>';

/**
 * Reloads the page as a person pressing F5 would and answers the page's HTML as the site sent it, rendered.
 * The site renders a page only when its reads answer within its budget (FIRST_SCREEN_BUDGET_MS, 400 ms); on a
 * loaded machine a reload can miss it and send the plain page, which is not the page under test, so it is
 * reloaded again. A site that never renders the page still fails, after 30 s.
 */
export async function reloadRenderedHtml(
  page: Page,
): Promise<{ html: string; response: Response }> {
  const isPage = (r: Response) => r.request().resourceType() === 'document';
  let sent: { html: string; response: Response } | undefined;
  await expect(async () => {
    const [response] = await Promise.all([page.waitForResponse(isPage), page.reload()]);
    const html = await response.text();
    expect(html, 'the site sent the plain page: its budget was missed').not.toContain(PLAIN_ROOT);
    sent = { html, response };
  }).toPass({ timeout: 30_000 });
  return sent!;
}
