/**
 * まとめてダウンロード's rules without a database: the documents repository says what each member reads in the
 * company of the cabinet rule tests (test/support/cabinet-rules.world.ts), so a test states what a member may
 * download and the answer he gets, with no run taken when it is refused.
 */
import { describe, expect, it } from 'vitest';
import { failure } from '../../../test/support/error-body.ts';
import { downloadCtx, salesAdmin } from '../../../test/support/cabinet-rules.world.ts';
import { requestDownload } from './document-download.service.ts';

const missing = '指定されたキャビネットが見つかりません。';

describe('downloading a cabinet', () => {
  it('only one the member reads, as the list shows it: another is missing (404 on cabinetId), no run', async () => {
    // He reads 営業 and 法務; 人事 is a company admin's only.
    const hr = { conditions: { cabinetId: 'hr', options: {} } };
    const asked = { ...hr, encoding: 'utf8bom', nameRule: 'id_title' } as const;
    expect(await failure(requestDownload(downloadCtx(salesAdmin), asked))).toEqual({
      code: 'not_found',
      status: 404,
      message: missing,
      details: [{ path: 'cabinetId', message: missing }],
    });
  });
});
