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
          downloadHref: 'data:text/plain;charset=utf-8,1a2b-3c4d',
          downloadName: 'cloudsign-backup-codes.txt',
        })
      : fill('mfaSetup', {
          returnTo: '/',
          secret,
          secretGrouped: secret.replace(/(.{4})(?=.)/g, '$1 '),
          uri: `otpauth://totp/CloudSign:member@example.com?secret=${secret}&issuer=CloudSign`,
          // The page's QR code is drawn by the server (mfa.routes.ts); a stand-in of its size here.
          qr: new Html(
            '<svg role="img" aria-label="認証アプリで読み取る QR コード" viewBox="0 0 1 1"><rect width="1" height="1" /></svg>',
          ),
          alert:
            name === 'mfaSetupError'
              ? alert('error', '6桁の確認コードを入力してください。')
              : EMPTY,
          cancel: cancelLoginForm('/'),
        });
  void sendPage(reply as unknown as FastifyReply, { title: '2要素認証の設定', content });
  return html;
}
