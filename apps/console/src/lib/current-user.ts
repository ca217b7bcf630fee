import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZCurrentUser, isCompanyAdmin, meEndpoints, type TCurrentUser } from '@cloudsign/contract';
import { callEndpoint } from './call-endpoint.ts';

/** Spec §3: the current user is null when not signed in (the console reads GET /me that leniently). */
const ZMeAnswer = z.object({ user: ZCurrentUser.nullable() });

export const meKeys = { all: ['me'] as const };

/** GET /me (spec §7). The auth middleware loads it before any page renders. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: async ({ signal }): Promise<TCurrentUser | null> =>
      (await callEndpoint({ ...meEndpoints.get, response: ZMeAnswer }, { signal })).user,
    // Re-read in the background on navigation after a minute, so role or theme changes show up soon.
    staleTime: 60_000,
    retry: false,
  });

/** The signed-in user. Safe in any page: the `auth` middleware has loaded it. */
export function useCurrentUser(): TCurrentUser {
  const user = useSuspenseQuery(meQueryOptions()).data;
  if (!user) throw new Error('useCurrentUser: no signed-in user (the auth middleware did not run)');
  return user;
}

/** The user if already loaded, without fetching (the error page and the theme use it). */
export function useLoadedUser(): TCurrentUser | undefined {
  return useQuery({ ...meQueryOptions(), enabled: false }).data ?? undefined;
}

export const useIsCompanyAdmin = () => isCompanyAdmin(useCurrentUser());
