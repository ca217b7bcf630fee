/**
 * The 税務調査対応 page's form state: the period's date field, the typed fields, their errors, and the count of
 * the period's documents once 「件数を確認」 has asked for it (cleared by any change).
 */
import { useState, type FormEvent } from 'react';
import type { TDocumentDateFilterKey, TTaxAuditCount } from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { countTaxAudit } from '../api/tax-audit.ts';
import { scopeOf, type TaxAuditInputs } from '../lib/requirements.ts';
import { readForm, type Errors } from '../lib/period-form.ts';

export function useTaxAuditCount() {
  const [dateField, setDateField] = useState<TDocumentDateFilterKey>('contractAt');
  const [raw, setRaw] = useState({
    from: '',
    to: '',
    counterparty: '',
    amountFrom: '',
    amountTo: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isCounting, setCounting] = useState(false);
  const [counted, setCounted] = useState<{ inputs: TaxAuditInputs; count: TTaxAuditCount } | null>(
    null,
  );

  const edit = (key: keyof typeof raw) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setRaw((r) => ({ ...r, [key]: value }));
    setCounted(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = readForm(raw);
    setErrors(r.errors);
    setServerError(null);
    setCounted(null);
    if (Object.values(r.errors).some(Boolean)) return;
    const inputs: TaxAuditInputs = {
      dateField,
      from: r.from!,
      to: r.to!,
      counterparty: raw.counterparty.trim() || undefined,
      amountFrom: r.amountFrom,
      amountTo: r.amountTo,
    };
    setCounting(true);
    try {
      const count = await countTaxAudit(scopeOf(inputs));
      setCounted({ inputs, count });
    } catch (err) {
      setServerError(
        isApiError(err)
          ? [err.message, ...err.details.map((d) => d.message)].join(' ')
          : '件数を確認できませんでした。時間をおいてもう一度お試しください。',
      );
    } finally {
      setCounting(false);
    }
  };
  const changeDateField = (v: string | null) => {
    setDateField((v ?? 'contractAt') as TDocumentDateFilterKey);
    setCounted(null);
  };
  return {
    dateField,
    changeDateField,
    raw,
    edit,
    errors,
    serverError,
    isCounting,
    counted,
    submit,
  };
}

export type TaxAuditCountForm = ReturnType<typeof useTaxAuditCount>;
