/**
 * The 書類情報 fields: a stored day and amount read as the list shows them (2026/11/18, 1,000,000; issue 30:
 * the form showed 2026-11-18 beside a list saying 2026/11/18), and what a person types there (令和, full width,
 * commas, 万) goes to the API as the stored form (2026-12-01, 1000000). An untouched form sends what is stored.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import type { TDocumentAttribute } from '@cloudsign/contract';
import { renderWithUi } from '../../../testing/render.tsx';
import {
  AttributeFields,
  toAttributeForm,
  toAttributeUpdate,
  type AttributeFormValues,
} from './attribute-fields.tsx';

const stored: TDocumentAttribute = {
  title: '業務委託契約書',
  counterparty: '株式会社テスト',
  contractAt: '2026-11-18',
  validityStartAt: '2026-12-01',
  validityEndAt: null,
  validityEndNoticeAt: null,
  autoUpdate: 0,
  localId: null,
  amount: 1_000_000,
  options: {},
};

let current: AttributeFormValues | null = null;

function Harness() {
  const form = useForm<AttributeFormValues>({ defaultValues: toAttributeForm(stored) });
  current = form.watch();
  return (
    <AttributeFields
      register={form.register}
      control={form.control}
      errors={form.formState.errors}
      options={[]}
    />
  );
}

const field = (label: string) => screen.getByRole('textbox', { name: label });

describe('書類情報 fields', () => {
  it('show stored days and amounts as the list shows them', () => {
    renderWithUi(<Harness />);
    expect(field('契約締結日')).toHaveValue('2026/11/18');
    expect(field('契約開始日')).toHaveValue('2026/12/01');
    expect(field('契約終了日')).toHaveValue('');
    expect(field('取引金額（円）')).toHaveValue('1,000,000');
  });

  it('an untouched form sends the stored values', () => {
    const update = toAttributeUpdate(toAttributeForm(stored), []);
    expect(update).toMatchObject({
      contractAt: '2026-11-18',
      validityStartAt: '2026-12-01',
      validityEndAt: null,
      amount: 1_000_000,
    });
  });

  it('takes 令和, full-width digits, commas and 万 typed over them', async () => {
    renderWithUi(<Harness />);
    const user = userEvent.setup();
    await user.clear(field('契約締結日'));
    await user.type(field('契約締結日'), '令和８年１２月１日');
    await user.type(field('契約終了日'), '2027年11月30日');
    await user.clear(field('取引金額（円）'));
    await user.type(field('取引金額（円）'), '１２０万円');
    expect(toAttributeUpdate(current!, [])).toMatchObject({
      contractAt: '2026-12-01',
      validityEndAt: '2027-11-30',
      amount: 1_200_000,
    });
  });

  it('a day that does not read as one goes as typed, for the server to refuse by name', () => {
    const values = { ...toAttributeForm(stored), contractAt: '2026/2/30' };
    expect(toAttributeUpdate(values, []).contractAt).toBe('2026/2/30');
  });
});
