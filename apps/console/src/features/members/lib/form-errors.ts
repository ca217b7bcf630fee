import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client.ts';

/** Server `details` land on their fields; anything else becomes the form's root error (STYLE.md "Forms"). */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  if (isApiError(error) && error.details.length > 0) {
    for (const d of error.details) setError((d.path.split('.')[0] || 'root') as Path<T>, { message: d.message });
    return;
  }
  setError('root', { message: error instanceof Error ? error.message : '処理を完了できませんでした。' });
}
