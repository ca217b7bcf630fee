/**
 * A form's values after its base moved from `before` to `after` (a reload after a stale save, or the answer of
 * its own save), for forms that hold their values in state rather than in react-hook-form (which does the same
 * with `keepDirtyValues`): a field the person left as it was takes the new value, a field they typed in keeps
 * what they typed.
 */
export function keepTyped<T extends object>(before: T, after: T, typed: T): T {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const out = { ...after };
  for (const key of Object.keys(typed) as (keyof T)[]) {
    if (!same(typed[key], before[key])) out[key] = typed[key];
  }
  return out;
}

/**
 * Reset options that put back the given values whatever was typed (cancel, 元に戻す, after a save). A form
 * that keeps typed values across reloads sets `resetOptions: { keepDirtyValues: true }`, and react-hook-form
 * merges those into every `reset` call too unless told otherwise: without this, cancelled typing came back
 * the next time the form opened.
 */
export const DISCARD_TYPED = { keepDirtyValues: false } as const;
