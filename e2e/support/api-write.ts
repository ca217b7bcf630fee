import type { Page } from '@playwright/test';

/**
 * Writes through the api as the signed-in page would (token from the site, Bearer to the api), for a test's
 * own data. Answers the status and the JSON body so a failure shows the api's message.
 */
export async function apiSend<T>(
  page: Page,
  apiUrl: string,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ apiUrl, method, path, body }) => {
      const tokenRes = await fetch('/api/token/jwt', {
        credentials: 'include',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      const { jwt } = (await tokenRes.json()) as { jwt: string };
      const res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${jwt}`,
          'Content-Type': 'application/json',
          // A test's own data, not a person's edit: a versioned save goes over whatever is stored.
          ...(method === 'PUT' ? { 'If-Match': '*' } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    { apiUrl, method, path, body },
  );
}
