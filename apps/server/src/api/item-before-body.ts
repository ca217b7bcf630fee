/**
 * A save of one stored item answers its refusals in one order (docs/decisions.md "Saves name the version they
 * were based on"): 401 → 403 → 404 → 400 → 428 → 409. Permissions known from the caller alone are a route's
 * `requirePermission` (before the body); this is the next step, the item the path names: a `preValidation`
 * that looks it up as the service will (404 for another company's id or none, 403 when the caller may not
 * change it), so neither the body's 400 nor the missing If-Match's 428 comes first. The service checks again
 * in its transaction, under the row lock.
 */
import type { FastifyRequest } from 'fastify';
import { ZIdParams } from '@cloudsign/contract';

export function itemBeforeBody(check: (request: FastifyRequest, id: string) => Promise<unknown>) {
  return async (request: FastifyRequest) => {
    const params = ZIdParams.safeParse(request.params);
    // A path that names no item is the validation's 400.
    if (!params.success) return;
    await check(request, params.data.id);
  };
}
