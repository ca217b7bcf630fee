/** What another admin changed between the version a form started from and the one just read. */
export type FieldChange = { label: string; before: string; after: string };

/** Labels of the fields a form shows, with how each is written on the screen (default: as text, lists with 「、」). */
export type FieldsShown<T> = Partial<
  Record<keyof T, string | { label: string; format: (v: T[keyof T]) => string }>
>;

function asText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '（なし）';
  if (Array.isArray(v)) return v.map(asText).join('、');
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: FieldsShown<T>,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const key of Object.keys(fields) as (keyof T)[]) {
    const spec = fields[key];
    if (!spec) continue;
    const { label, format } =
      typeof spec === 'string'
        ? { label: spec, format: asText }
        : { label: spec.label, format: spec.format };
    const b = format(before[key]);
    const a = format(after[key]);
    if (a !== b) out.push({ label, before: b, after: a });
  }
  return out;
}
