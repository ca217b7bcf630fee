import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error.ts';
import { ssoKeys } from '../api/sso.ts';

/**
 * For the panels that show the stored settings as they are (IdP metadata, certificates): after a save refused
 * as stale, the settings are read again, so the panel shows the other admin's change and the next save names
 * that version. What was pasted stays in its box; the server's message says why it was not saved.
 */
export function useRereadWhenStale() {
  const client = useQueryClient();
  return async (error: unknown) => {
    if (isApiError(error) && error.code === 'stale_version')
      await client.invalidateQueries({ queryKey: ssoKeys.all, exact: true });
  };
}
