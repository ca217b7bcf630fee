/**
 * PATCH bodies as the IdPs send them, made into plain RFC 7644 operations for scim-patch:
 * - `op` in any case (Entra's legacy `"Replace"`);
 * - a value object without `path` whose keys are paths (Okta's `{"active":false}`, Entra's dotted
 *   `{"name.givenName":"…"}` and URN keys) becomes one operation per key;
 * - booleans sent as strings (Entra's legacy `"False"`) are read by `scimBool` when the result is mapped.
 */
import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { ScimError } from './scim-errors.ts';

const OPS = new Set(['add', 'replace', 'remove']);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function normalizeOps(body: unknown): ScimPatchOperation[] {
  const operations = isPlainObject(body) ? (body.Operations ?? body.operations) : undefined;
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'Operations を指定してください。', 'invalidSyntax');
  const out: ScimPatchOperation[] = [];
  for (const raw of operations) {
    if (!isPlainObject(raw))
      throw new ScimError(400, '操作の形式が正しくありません。', 'invalidSyntax');
    const op = typeof raw.op === 'string' ? raw.op.toLowerCase() : '';
    if (!OPS.has(op))
      throw new ScimError(
        400,
        `操作 ${JSON.stringify(raw.op ?? null)} は使えません。`,
        'invalidSyntax',
      );
    const path =
      typeof raw.path === 'string' && raw.path.trim() !== '' ? raw.path.trim() : undefined;
    if (!path && op !== 'remove' && isPlainObject(raw.value)) {
      for (const [key, value] of Object.entries(raw.value))
        out.push({ op, path: key, value } as ScimPatchOperation);
      continue;
    }
    if (!path && op === 'remove')
      throw new ScimError(400, 'remove には path を指定してください。', 'noTarget');
    out.push({ op, path, value: raw.value } as ScimPatchOperation);
  }
  return out;
}

export function applyPatch<T extends ScimResource>(resource: T, ops: ScimPatchOperation[]): T {
  try {
    return scimPatch(structuredClone(resource), ops, {
      mutateDocument: true,
      treatMissingAsAdd: true,
    });
  } catch (err) {
    const e = err as { scimType?: string; message?: string };
    const scimType =
      e.scimType === 'noTarget'
        ? 'noTarget'
        : e.scimType === 'invalidPath'
          ? 'invalidPath'
          : 'invalidValue';
    throw new ScimError(400, `PATCH を適用できません: ${e.message ?? ''}`.trim(), scimType);
  }
}

/** SCIM booleans, also as Entra's legacy strings ("True" / "False"). */
export function scimBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
  }
  if (value === undefined || value === null) return undefined;
  throw new ScimError(400, 'active は true か false で指定してください。', 'invalidValue');
}
