/**
 * One API call as both apps know it: method, path and the schemas of its params, query, body and answer. The
 * server registers its route from it and the console calls it through it, so no path is spelled twice.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Endpoint = {
  method: HttpMethod;
  /** Fastify's form: `:name` marks a path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart upload: the name of its file field (the body is form data, not JSON). */
  upload?: string;
  /** The JSON answer's schema. A file answer (CSV, PDF, XML, ZIP) has none and says its kind in `file`. */
  response?: z.ZodType;
  file?: 'csv' | 'pdf' | 'xml' | 'zip';
  /** The success status when it is not 200. */
  status?: 201 | 202;
  /**
   * A save of one stored item that must name the version it was based on: the request carries
   * `If-Match: "<version>"` (see `ifMatchOf`), a stale one is refused with 409 `stale_version`, a missing one
   * with 428 `version_required` (docs/decisions.md, "Saves name the version they were based on").
   */
  ifMatch?: true;
};

/**
 * The If-Match value of a save based on `version`: the item's version as its read answered it (its `updatedAt`
 * as sent, or `version` where the item has a counter), quoted as an entity tag.
 */
export const ifMatchOf = (version: string | number): string => `"${String(version)}"`;

/** An entry answered with JSON (what the console's `callEndpoint` and `uploadEndpoint` take). */
export type JsonEndpoint = Endpoint & { response: z.ZodType };
/** An entry answered with a file (what the console's `downloadEndpoint` takes). */
export type FileEndpoint = Endpoint & { file: NonNullable<Endpoint['file']>; response?: undefined };

/** Keeps each entry's literal path and exact schemas, so both apps infer their types from it. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;
export type EndpointPathParams<P extends string> = Record<ParamNames<P>, string>;

/** The path with its `:name` segments filled in (each value URL-encoded). */
export function endpointPath<P extends string>(path: P, params: EndpointPathParams<P>): string {
  const values = params as Record<string, string>;
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: ${name} が指定されていません。`);
    return encodeURIComponent(value);
  });
}
