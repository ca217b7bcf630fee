/** Calls one entry of the contract's endpoint map: its method and path, its answer checked by its schema. */
import type { z } from 'zod';
import {
  endpointPath,
  ifMatchOf,
  type Endpoint,
  type EndpointPathParams,
  type FileEndpoint,
  type JsonEndpoint,
} from '@cloudsign/contract';
import { apiFetch } from './api-client.ts';
import { apiDownload, apiUpload, type UploadOptions } from './api-transfer.ts';
import type { ApiQuery } from './http.ts';

type PathInput<E extends Endpoint> = [keyof EndpointPathParams<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: EndpointPathParams<E['path']> };
type BodyInput<E extends Endpoint> = E extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : { body?: undefined };
/** A versioned save names the version it was based on (the item's `updatedAt` or `version` as read). */
type VersionInput<E extends Endpoint> = E extends { ifMatch: true }
  ? { version: string | number }
  : { version?: undefined };
/**
 * The query the entry's schema takes (its input: what the server parses), so a list's filters are typed from
 * the contract at the call and never copied field by field; an entry without one takes no query.
 */
type QueryInput<E extends Endpoint> = E extends { query: infer Q extends z.ZodType }
  ? { query?: UrlValues<z.input<Q>> }
  : { query?: undefined };
/** A query's fields as a URL carries them: a number where the schema reads a string (`page: 2` → "2"). */
type UrlValues<T> = { [K in keyof T]: T[K] | (string extends T[K] ? number : never) };
export type EndpointCall<E extends Endpoint> = PathInput<E> &
  BodyInput<E> &
  VersionInput<E> &
  QueryInput<E> & { signal?: AbortSignal | undefined };

const pathOf = <E extends Endpoint>(e: E, call: PathInput<E>) =>
  endpointPath(e.path, (call.params ?? {}) as EndpointPathParams<E['path']>);

export const callEndpoint = <E extends JsonEndpoint>(
  e: E,
  call: EndpointCall<E>,
): Promise<z.output<E['response']>> =>
  apiFetch(pathOf(e, call), {
    method: e.method,
    query: call.query,
    body: call.body,
    signal: call.signal,
    ifMatch: call.version === undefined ? undefined : ifMatchOf(call.version),
    schema: e.response,
  }) as Promise<z.output<E['response']>>;

/** Downloads a file answer (CSV, PDF, XML) and hands it to the browser; resolves to the file name. */
export const downloadEndpoint = <E extends FileEndpoint>(
  e: E,
  call: PathInput<E> &
    BodyInput<E> &
    QueryInput<E> & { signal?: AbortSignal | undefined; filename?: string },
): Promise<string> =>
  apiDownload(pathOf(e, call), {
    method: e.method,
    query: call.query as ApiQuery | undefined,
    body: call.body,
    signal: call.signal,
    filename: call.filename,
  });

/** Uploads one file as multipart form data under the entry's file field, with progress. */
export const uploadEndpoint = <E extends JsonEndpoint & { upload: string }>(
  e: E,
  call: PathInput<E> & Omit<UploadOptions<E['response']>, 'schema' | 'field'>,
): Promise<z.output<E['response']>> =>
  apiUpload(pathOf(e, call), { ...call, field: e.upload, schema: e.response }) as Promise<
    z.output<E['response']>
  >;
