/**
 * One log line per request, after the response, at `debug` unless LOG_REQUESTS=1 asks for `info`: at the
 * default level the start banner and the warnings stay readable instead of scrolling under a line per request
 * (Fastify's own log controller writes two lines per request at info). A client that goes away before the
 * answer (a navigation cancelling its queries, a download stopped) is not an error: logged at the request level.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export type RequestLogLevel = 'debug' | 'info';

export const requestLogLevel = (logRequests: string | undefined): RequestLogLevel =>
  logRequests === '1' ? 'info' : 'debug';

/** True when the client closed the connection before the answer was written. */
export const isClientGone = (request: FastifyRequest) =>
  request.raw.aborted ||
  (request.raw.socket?.destroyed === true && !request.raw.socket.writableFinished);

export class RequestLogController extends LogController {
  constructor(private readonly level: RequestLogLevel) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime };
    if (error && !isClientGone(request))
      reply.log.error({ ...fields, err: error }, 'request errored');
    else if (isClientGone(request))
      reply.log[this.level](fields, 'request closed by the client before the answer');
    else reply.log[this.level](fields, 'request completed');
  }

  override streamError(
    error: Error & { code?: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || isClientGone(request))
      reply.log[this.level]({ err: error }, 'download stopped by the client');
    else
      reply.log.warn({ err: error }, 'response terminated with an error with headers already sent');
  }
}
