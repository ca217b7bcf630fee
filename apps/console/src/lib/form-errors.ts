import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';

type Options = {
  /**
   * `full` puts `documentAttributeOptions.0.name` on that nested field (forms with arrays of rows);
   * `top` puts it on `documentAttributeOptions` (flat forms whose server paths may go deeper, e.g. `groupIds.0`).
   */
  field?: 'full' | 'top';
  /** The root message when the error is not an API error with details. */
  fallback?: string;
};

/** Server `details` land on their fields (a detail without a path on the root); anything else becomes the form's root error. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { field = 'full', fallback = '処理を完了できませんでした。' }: Options = {},
) {
  if (isApiError(error) && error.details.length > 0) {
    for (const d of error.details) {
      const path = field === 'top' ? d.path.split('.')[0] : d.path;
      setError((path || 'root') as Path<T>, { message: d.message });
    }
    return;
  }
  setError('root', { message: error instanceof Error ? error.message : fallback });
}
