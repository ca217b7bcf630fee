/**
 * The site's side of the IP address restriction (docs/design.md "IP address restriction"): every request of a
 * signed-in member is checked against his company's console list (refused: 403, a Japanese page naming the
 * address seen, JSON for the console's /api/ calls), and the break-glass pages: the mailed link's request, its
 * confirmation and the lift. Those pages, the build's static files and logout are never refused.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ipRefusedMessage } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { sendError } from '../../lib/http/error-handler.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { secretParamsOfEveryRoute } from '../../lib/http/log-redaction.ts';
import { checkIpAddress, ipRefusal } from './ip-restriction.enforce.ts';
import {
  LIFT_LINK_MINUTES,
  liftRestriction,
  requestLift,
  verifyLiftToken,
  type LiftRequestOutcome,
} from './ip-restriction.break-glass.ts';
import { currentSession, sessionCookie } from '../../site/session-context.ts';
import { escapeHtml, Html, linkButton, sendMessage } from '../../site/render.ts';

/** Paths a refused member still reaches: the way out (logout), the way back (break-glass), and static files. */
const UNCHECKED = [
  /^\/ip_restriction\//,
  /^\/assets\//,
  /^\/\.well-known\//,
  /^\/api\/company\/logout$/,
];
const isUnchecked = (url: string) => {
  const p = url.split('?')[0] ?? '/';
  return UNCHECKED.some((r) => r.test(p)) || /^\/[^/]+\.(?:ico|png|svg|webmanifest)$/.test(p);
};

const liftForm = new Html(
  '<form method="post" action="/ip_restriction/lift_request">' +
    '<button type="submit" class="btn-primary">制限を解除するリンクを送る</button></form>' +
    '<p class="note">組織管理権限をお持ちの場合、ご登録のメールアドレスに解除用のリンク（有効期限' +
    `${LIFT_LINK_MINUTES}分・1回限り）をお送りします。</p>`,
);

function sendRefusalPage(reply: FastifyReply, address: string, isAdmin: boolean) {
  return sendMessage(reply, {
    title: 'アクセスが制限されています',
    message: `${ipRefusedMessage(address)}${isAdmin ? '' : '社内のネットワークから接続するか、組織の管理者にお問い合わせください。'}`,
    status: 403,
    action: isAdmin ? liftForm : undefined,
  });
}

/** The hook: registered on the site before its routes. */
export function installIpRestrictionCheck(app: FastifyInstance, deps: AppDeps) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!sessionCookie(request) || isUnchecked(request.url)) return;
    const loaded = await currentSession(deps, request);
    if (!loaded) return;
    const verdict = await checkIpAddress(
      deps,
      {
        companyId: loaded.company.id,
        companyName: loaded.company.name,
        actor: { id: loaded.user.id, name: loaded.user.name, email: loaded.user.email },
        origin: requestOrigin(request),
      },
      'console',
      'site',
    );
    if (verdict.outcome !== 'refused') return;
    if (request.url.startsWith('/api/')) {
      const e = ipRefusal(verdict.address);
      return sendError(request, reply, e.code, e.message, e.details);
    }
    return sendRefusalPage(reply, verdict.address, loaded.user.roles.includes('CompanyAdmin'));
  });
}

const REQUEST_WORDS: Record<
  LiftRequestOutcome,
  { title: string; message: string; status: number }
> = {
  sent: {
    title: '解除リンクを送りました',
    message: `ご登録のメールアドレスに、IPアドレス制限を解除するリンクを送りました。${LIFT_LINK_MINUTES}分以内にリンクを開いてください。`,
    status: 200,
  },
  not_admin: {
    title: '解除リンクを送れません',
    message:
      'IPアドレス制限の解除は、組織管理権限を持つメンバーだけが申請できます。組織の管理者にお問い合わせください。',
    status: 403,
  },
  not_restricted: {
    title: '制限されていません',
    message: 'この組織のコンソールは、いまIPアドレスで制限されていません。',
    status: 200,
  },
  limit_recipient: {
    title: '解除リンクを送れません',
    message:
      'このメールアドレスには、本日すでに解除リンクを上限まで送りました。明日（日本時間の0時）以降にもう一度お試しください。',
    status: 429,
  },
  limit_company: {
    title: '解除リンクを送れません',
    message:
      '本日この組織に送れる解除リンクの上限に達しました。明日（日本時間の0時）以降にもう一度お試しください。',
    status: 429,
  },
};

export async function ipRestrictionSiteRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.post('/ip_restriction/lift_request', async (request, reply) => {
    const loaded = await currentSession(deps, request);
    if (!loaded)
      return sendMessage(reply, {
        title: 'ログインしてください',
        message: '解除リンクを申請するには、ログインしたブラウザーから操作してください。',
        status: 403,
        action: linkButton('/login', 'ログイン画面へ'),
      });
    const outcome = await requestLift(deps, loaded.user, requestOrigin(request));
    return sendMessage(reply, REQUEST_WORDS[outcome]);
  });

  // The link carries its bearer token in the path: no log line may hold it.
  await app.register(async (links) => {
    secretParamsOfEveryRoute(links, ['token']);
    links.get<{ Params: { token: string } }>(
      '/ip_restriction/lift/:token',
      async (request, reply) => {
        const claims = await verifyLiftToken(deps, request.params.token);
        if (!claims) return sendInvalidLink(reply);
        const action = new Html(
          `<form method="post" action="/ip_restriction/lift/${escapeHtml(request.params.token)}">` +
            '<button type="submit" class="btn-primary">IPアドレス制限を解除する</button></form>',
        );
        return sendMessage(reply, {
          title: 'IPアドレス制限の解除',
          message:
            'コンソールのIPアドレス制限を「無効」にします。許可するIPアドレスの一覧は残ります。解除は監査ログに記録されます。',
          action,
        });
      },
    );
    links.post<{ Params: { token: string } }>(
      '/ip_restriction/lift/:token',
      async (request, reply) => {
        const outcome = await liftRestriction(deps, request.params.token, requestOrigin(request));
        if (outcome === 'invalid') return sendInvalidLink(reply);
        if (outcome === 'used')
          return sendMessage(reply, {
            title: 'このリンクは使用済みです',
            message:
              'IPアドレス制限は、このリンクを送ったあとに変更されています。必要なら、もう一度解除リンクを申請してください。',
            status: 410,
          });
        return sendMessage(reply, {
          title: 'IPアドレス制限を解除しました',
          message:
            'コンソールのIPアドレス制限を「無効」にしました。企業設定の「IPアドレス制限」で一覧を見直してから、もう一度有効にしてください。',
          action: linkButton('/', 'コンソールへ'),
        });
      },
    );
  });
}

const sendInvalidLink = (reply: FastifyReply) =>
  sendMessage(reply, {
    title: 'リンクが無効です',
    message: `このリンクは無効か、有効期限（${LIFT_LINK_MINUTES}分）が切れています。もう一度解除リンクを申請してください。`,
    status: 400,
  });
