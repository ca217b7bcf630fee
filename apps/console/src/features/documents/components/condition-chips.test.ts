/** The list's chips for 取引先 and 未入力 (issue 35): what each says and what removing it clears. */
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../lib/list-query.ts';
import { conditionChips } from './condition-chips.tsx';

const chipsOf = (search: string) =>
  conditionChips(parseListQuery(new URLSearchParams(search)), {
    cabinets: new Map(),
    options: new Map(),
  }).map((c) => [c.label, c.remove]);

describe('condition chips for 取引先 and 未入力', () => {
  it('says partial or exact 取引先, and removing it clears the match too', () => {
    expect(chipsOf('counterparty=髙橋')).toEqual([
      ['取引先: 髙橋', { counterparty: undefined, counterpartyMatch: undefined }],
    ]);
    expect(chipsOf('counterparty=髙橋&counterpartyMatch=exact')).toEqual([
      ['取引先（完全一致）: 髙橋', { counterparty: undefined, counterpartyMatch: undefined }],
    ]);
  });

  it('one chip per 未入力 item; removing one keeps the others', () => {
    expect(chipsOf('blank=amount,counterparty')).toEqual([
      ['取引先: 未入力', { blank: 'amount' }],
      ['取引金額: 未入力', { blank: 'counterparty' }],
    ]);
    expect(chipsOf('blank=amount')).toEqual([['取引金額: 未入力', { blank: undefined }]]);
  });
});
