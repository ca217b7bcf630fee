export { useStaleSave, type StaleSave, type StaleSaveFields } from './use-stale-save.ts';
export { StaleSaveNotice } from './stale-save-notice.tsx';
export { changedFields, type FieldChange } from './changed-fields.ts';
export { keepTyped, DISCARD_TYPED } from './keep-typed.ts';
