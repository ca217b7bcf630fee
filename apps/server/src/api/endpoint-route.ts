/**
 * A route's method, URL and schemas, all taken from the contract's endpoint map (the console calls the same
 * entry), so a route cannot validate or document anything its entry does not say. The route adds only what
 * the reference shows beside them: its tags, its summary and the error answers it documents.
 */
import type { z } from 'zod';
import { ZErrorBody, type Endpoint } from '@cloudsign/contract';
import { IF_MATCH_HEADERS } from '../lib/http/if-match.ts';

type Reference = {
  tags: readonly string[];
  summary?: string;
  /** The error answers to document beside the success (e.g. `{ 400: ZErrorBody, 404: ZErrorBody }`). */
  errors?: Readonly<Record<number, z.ZodType>>;
  /** Left out of the published reference. */
  hide?: boolean;
};

type Field<E, K extends string> = E extends Record<K, infer S extends z.ZodType> ? S : undefined;
type Success<E> = E extends { status: infer S extends number } ? S : 200;
type Responses<E extends Endpoint, R extends Reference> = (E extends { response: infer S }
  ? Record<Success<E>, S>
  : unknown) &
  (R['errors'] extends Readonly<Record<number, z.ZodType>> ? R['errors'] : unknown);

export function routeOf<const E extends Endpoint, const R extends Reference>(e: E, ref: R) {
  // A versioned save documents its header and its two refusals itself, so no route can leave them out.
  const errors = e.ifMatch ? { ...ref.errors, 409: ZErrorBody, 428: ZErrorBody } : ref.errors;
  const response = e.response ? { [e.status ?? 200]: e.response, ...errors } : errors;
  const schema = {
    tags: [...ref.tags],
    ...(ref.summary !== undefined && { summary: ref.summary }),
    ...(ref.hide && { hide: true }),
    ...(e.upload && { consumes: ['multipart/form-data'] }),
    ...(e.params && { params: e.params }),
    ...(e.ifMatch && { headers: IF_MATCH_HEADERS }),
    ...(e.query && { querystring: e.query }),
    ...(e.body && !e.upload && { body: e.body }),
    ...(response && { response }),
  };
  return {
    method: e.method,
    url: e.path,
    schema: schema as {
      tags: string[];
      summary?: string;
      params: Field<E, 'params'>;
      querystring: Field<E, 'query'>;
      body: E extends { upload: string } ? undefined : Field<E, 'body'>;
      response: Responses<E, R>;
    },
  };
}

/**
 * Only the method and URL: for the site's own calls, which check what they are sent themselves and answer
 * with their own messages rather than a schema's.
 */
export const routeAt = (e: Endpoint) => ({ method: e.method, url: e.path });
