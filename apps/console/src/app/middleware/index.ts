import type { LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { auditor } from './auditor.ts';
import { auth } from './auth.ts';
import { enterprise } from './enterprise.ts';
import { normalizeDocumentsUrl, normalizeMembersUrl } from './normalize-url.ts';
import { ssoPlan } from './sso-plan.ts';
import type { Middleware, MiddlewareContext } from './types.ts';

export type { Middleware, MiddlewareContext } from './types.ts';

/** Route guards by name (docs/design.md §6). Route definitions refer to them by these names only. */
export const MIDDLEWARE = {
  auth,
  auditor,
  enterprise,
  normalizeMembersUrl,
  normalizeDocumentsUrl,
  ssoPlan,
} satisfies Record<string, Middleware>;
export type MiddlewareName = keyof typeof MIDDLEWARE;

/** Spec §8: an unknown name is a programming error: 'Unknown route middleware'. */
export function resolveMiddleware(name: string): Middleware {
  if (!Object.hasOwn(MIDDLEWARE, name)) throw new Error('Unknown route middleware');
  return MIDDLEWARE[name as MiddlewareName];
}

/** Runs the named middleware in order, then the route's own loader step (if any). */
export function middlewareLoader(
  names: readonly string[],
  queryClient: QueryClient,
  then?: (context: MiddlewareContext) => unknown,
): (args: LoaderFunctionArgs) => Promise<unknown> {
  const chain = names.map(resolveMiddleware);
  return async ({ request, params }) => {
    const context: MiddlewareContext = {
      request,
      url: new URL(request.url),
      params,
      queryClient,
      user: null,
    };
    for (const middleware of chain) await middleware(context);
    return then ? ((await then(context)) ?? null) : null;
  };
}
