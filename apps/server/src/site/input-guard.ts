/**
 * The site's counterpart of the API's input guards (api/plugins/reject-nul.ts): a form field, query or path
 * part holding NUL or a lone surrogate is refused with a Japanese 400 before any route reads it, so no form
 * can reach a statement PostgreSQL refuses (a NUL in the login email was a 500). Field sizes and types are
 * bounded by `formField` in each route; the body size by the site's body limit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../lib/http/error-handler.ts';
import { findUnstorable, MSG_NUL } from '../lib/http/unstorable.ts';
import { linkButton, sendMessage } from './render.ts';

/** Back to the page of the form (a GET of the same path), or the login when the path is not plainly ours. */
function formPageOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '/login';
  return /^\/[A-Za-z0-9_/-]*$/.test(path) && !path.startsWith('//') ? path : '/login';
}

export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnstorable(value);
      if (path === null) continue;
      if (request.url.startsWith('/api/')) {
        return sendError(request, reply, 'validation_failed', MSG_NUL, [
          { path: path || where, message: MSG_NUL },
        ]);
      }
      return sendMessage(reply, {
        title: '入力内容を確認してください',
        message: `${MSG_NUL}入力内容を確認して、もう一度お試しください。`,
        status: 400,
        action: linkButton(formPageOf(request), '入力画面に戻る'),
      });
    }
  });
}
