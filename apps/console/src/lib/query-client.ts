import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/** One client for the application; features build their keys with their own factory (README). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) and answers of a shape this console does not know will not change on retry;
        // network and 5xx get one more try.
        retry: (count, error) =>
          count < 1 &&
          !(
            isApiError(error) &&
            ((error.status >= 400 && error.status < 500) || error.code === 'invalid_response')
          ),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
