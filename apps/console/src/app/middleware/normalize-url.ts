import { replace } from 'react-router';
import type { z } from 'zod';
import {
  DOCUMENT_LIST_DEFAULTS,
  MEMBER_LIST_DEFAULTS,
  ZDocumentListQuery,
  ZMemberListQuery,
  normalizeListQuery,
} from '@cloudsign/contract';
import type { Middleware } from './types.ts';

/** Replaces (never pushes) the URL with its canonical form, so Back does not return to the raw one. */
function normalizer<S extends z.ZodObject>(schema: S, defaults: Partial<z.infer<S>>): Middleware {
  return ({ url }) => {
    const { search } = normalizeListQuery(schema, defaults, url.searchParams);
    if (search !== url.search) throw replace(`${url.pathname}${search}${url.hash}`);
  };
}

export const normalizeMembersUrl = normalizer(ZMemberListQuery, MEMBER_LIST_DEFAULTS);
export const normalizeDocumentsUrl = normalizer(ZDocumentListQuery, DOCUMENT_LIST_DEFAULTS);
