import type { FastifyReply } from 'fastify';
import {
  alert,
  cancelLoginForm,
  EMPTY,
  fill,
  Html,
  sendPage,
} from '../../apps/server/src/site/render.ts';

/**
 * The site's MFA enrolment pages exactly as its own renderer sends them, for pages the demo seed cannot
 * reach in a browser (no demo company requires MFA). Slots mirror mfa.routes.ts.
 */
export function renderSitePage(name: 'mfaSetup' | 'mfaSetupError' | 'mfaBackupCodes'): string {
  let html = '';
  const reply = {
    status: () => reply,
    header: () => reply,
    type: () => reply,
    send: (body: string) => {
      html = body;
      return reply;
    },
  };
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const content =
    name === 'mfaBackupCodes'
      ? fill('mfaBackupCodes', {
          codes: new Html(
            ['1a2b-3c4d', '5e6f-7a8b', '9c0d-1e2f', '3a4b-5c6d']
              .map((c) => `<li>${c}</li>`)
              .join(''),
          ),
          continueUrl: '/',
        })
      : fill('mfaSetup', {
          returnTo: '/',
          secret,
          secretGrouped: secret.replace(/(.{4})(?=.)/g, '$1 '),
          uri: `otpauth://totp/CloudSign:member@example.com?secret=${secret}&issuer=CloudSign`,
          alert:
            name === 'mfaSetupError'
              ? alert('error', '6桁の確認コードを入力してください。')
              : EMPTY,
          cancel: cancelLoginForm('/'),
        });
  void sendPage(reply as unknown as FastifyReply, { title: '2段階認証の設定', content });
  return html;
}
