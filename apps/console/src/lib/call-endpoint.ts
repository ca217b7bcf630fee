/** Calls one entry of the contract's endpoint map: its method and path, its answer checked by its schema. */
import type { z } from 'zod';
import { endpointPath, type Endpoint, type EndpointPathParams } from '@cloudsign/contract';
import { apiFetch } from './api-client.ts';
import type { ApiQuery } from './http.ts';

type PathInput<E extends Endpoint> = [keyof EndpointPathParams<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: EndpointPathParams<E['path']> };
type BodyInput<E extends Endpoint> = E extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : { body?: undefined };
export type EndpointCall<E extends Endpoint> = PathInput<E> &
  BodyInput<E> & { query?: ApiQuery; signal?: AbortSignal | undefined };

export const callEndpoint = <E extends Endpoint>(
  e: E,
  call: EndpointCall<E>,
): Promise<z.output<E['response']>> =>
  apiFetch(endpointPath(e.path, (call.params ?? {}) as EndpointPathParams<E['path']>), {
    method: e.method,
    query: call.query,
    body: call.body,
    signal: call.signal,
    schema: e.response,
  }) as Promise<z.output<E['response']>>;
