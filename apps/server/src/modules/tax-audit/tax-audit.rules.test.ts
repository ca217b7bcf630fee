/**
 * 税務調査対応's rules without a database: the documents repository says which cabinets the company has
 * (test/support/cabinet-rules.world.ts), and the runs' database, queue and storage give nothing, so a refused
 * pack is refused before anything is counted, queued or stored.
 */
import { describe, expect, it } from 'vitest';
import { failure } from '../../../test/support/error-body.ts';
import { companyAdmin, downloadCtx } from '../../../test/support/cabinet-rules.world.ts';
import { countPack, requestPack } from './tax-audit.service.ts';

const missing = '指定されたキャビネットが見つかりません。';
const period = { dateField: 'contractAt', from: '2025-04-01', to: '2026-03-31' } as const;

describe('a pack of one cabinet', () => {
  it('names a cabinet of the company: another company’s is missing (404 on cabinetId), nothing counted or queued', async () => {
    const scope = { period, conditions: { cabinetId: 'elsewhere', options: {} } };
    const notHere = {
      code: 'not_found',
      status: 404,
      message: missing,
      details: [{ path: 'cabinetId', message: missing }],
    };
    expect(await failure(countPack(downloadCtx(companyAdmin), scope))).toEqual(notHere);
    const pack = { ...scope, encoding: 'utf8bom', nameRule: 'id_title' } as const;
    expect(await failure(requestPack(downloadCtx(companyAdmin), pack))).toEqual(notHere);
  });
});
