import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@cloudsign/contract';
import { sendError } from './error-handler.ts';

/**
 * How a server answers a request it refuses at one of its limits (too many at once, a body too slow). The api
 * answers in the JSON error shape; the site gives a browser a Japanese page instead (site/limit-pages.ts).
 */
export type Refuse = (
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message?: string,
) => unknown;

export const refuseAsJson: Refuse = (request, reply, code, message) =>
  sendError(request, reply, code, message);
