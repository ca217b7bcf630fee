import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { TCurrentUser } from '@cloudsign/contract';

/** What a route middleware sees. `user` is set by `auth`, which therefore runs first. */
export type MiddlewareContext = {
  request: Request;
  url: URL;
  params: Params;
  queryClient: QueryClient;
  user: TCurrentUser | null;
};

/** A route guard: returns normally to continue, throws a redirect/replace Response or a FatalError to stop. */
export type Middleware = (context: MiddlewareContext) => Promise<void> | void;
