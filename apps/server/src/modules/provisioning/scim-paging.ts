/** Paging and attribute selection of SCIM lists (RFC 7644 §3.4.2.4): startIndex from 1, count ≤ 200. */
import { SCIM_MAX_RESULTS } from './scim-schemas.ts';
import { ScimError } from './scim-errors.ts';

export type ScimListQuery = {
  filter?: string;
  startIndex?: string;
  count?: string;
  attributes?: string;
  excludedAttributes?: string;
};

const int = (value: string | undefined, name: string) => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n))
    throw new ScimError(400, `${name} は整数で指定してください。`, 'invalidValue');
  return n;
};

export function readPaging(query: ScimListQuery) {
  const startIndex = Math.max(1, int(query.startIndex, 'startIndex') ?? 1);
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, int(query.count, 'count') ?? 100));
  const filter = query.filter?.trim() || undefined;
  return { startIndex, count, filter };
}

/** Whether `members` is left out (Entra asks `excludedAttributes=members` when it only looks a group up). */
export const excludesMembers = (query: ScimListQuery) =>
  (query.excludedAttributes ?? '').split(',').some((a) => a.trim().toLowerCase() === 'members') ||
  (query.attributes !== undefined &&
    !query.attributes.split(',').some(
      (a) =>
        a
          .trim()
          .toLowerCase()
          .replace(/^urn:.*:group:/, '') === 'members',
    ));
