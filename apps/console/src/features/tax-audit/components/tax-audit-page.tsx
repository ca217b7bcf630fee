import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  TAX_AUDIT_DATE_FIELD_LABELS,
  TAX_AUDIT_DATE_FIELDS,
  TAX_AUDIT_SPAN_MESSAGE,
  parseAmountInput,
  taxAuditLastDay,
  type TDocumentDateFilterKey,
  type TTaxAuditCount,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { fmt } from '../../../components/bulk/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { DATE_EXAMPLE, parseDay } from '../../../lib/parse-day.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { countTaxAudit } from '../api/tax-audit.ts';
import { scopeOf, type TaxAuditInputs } from '../lib/requirements.ts';
import { Section } from './section.tsx';
import { RequirementList } from './requirement-list.tsx';
import { PackPanel } from './pack-panel.tsx';

type Field = 'from' | 'to' | 'amountFrom' | 'amountTo';
type Errors = Partial<Record<Field, string>>;

/** A day as the document list shows it: 2025/04/01. */
const slashed = (day: string) => day.replaceAll('-', '/');

const amountOf = (raw: string, label: string): { value?: number; error?: string } => {
  if (!raw.trim()) return {};
  const r = parseAmountInput(raw);
  return r.ok
    ? { value: r.value }
    : { error: `${label}は0以上の金額で入力してください（例: 1,000,000）。` };
};

/** The typed period and conditions, checked as the server checks them, or the messages for the fields. */
function readForm(raw: Record<'from' | 'to' | 'counterparty' | 'amountFrom' | 'amountTo', string>) {
  const f = parseDay(raw.from, '開始日');
  const t = parseDay(raw.to, '終了日');
  const lo = amountOf(raw.amountFrom, '取引金額（以上）');
  const hi = amountOf(raw.amountTo, '取引金額（以下）');
  const errors: Errors = {
    from: f.error ?? (f.value ? undefined : '課税期間の開始日を入力してください。'),
    to: t.error ?? (t.value ? undefined : '課税期間の終了日を入力してください。'),
    amountFrom: lo.error,
    amountTo: hi.error,
  };
  if (!errors.from && !errors.to) {
    if (f.value! > t.value!) errors.to = '課税期間の終了日は開始日以降の日付を指定してください。';
    else if (t.value! > taxAuditLastDay(f.value!)) errors.to = TAX_AUDIT_SPAN_MESSAGE;
  }
  if (lo.value !== undefined && hi.value !== undefined && lo.value > hi.value)
    errors.amountTo = '取引金額（以下）は取引金額（以上）以上の金額を指定してください。';
  return { errors, from: f.value, to: t.value, amountFrom: lo.value, amountTo: hi.value };
}

/**
 * 税務調査対応 (issue 35): a 課税期間 on one date field (契約締結日 unless chosen otherwise) and optional 取引先 and
 * 取引金額; the count of its documents and their corrections, the law's search requirements each with the
 * search that shows it, and one ZIP of the PDFs, 書類一覧 and 訂正削除履歴. Company admins only (the route's gate).
 */
export function TaxAuditPage() {
  usePageTitle();
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

  return (
    <>
      <PageHeader
        title="税務調査対応"
        description="電子帳簿保存法の検索要件に沿って課税期間の書類を確認し、書類のPDF・書類一覧・訂正削除履歴を1つのZIPファイルにまとめます。"
      />
      <Stack gap="md">
        <Section
          title="課税期間と条件"
          description="課税期間は1年以内で指定します。取引先と取引金額は、必要なときだけ指定してください。"
        >
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="sm">
              <Group align="flex-start" gap="sm" wrap="wrap">
                <Select
                  label="期間の基準にする日付"
                  data={TAX_AUDIT_DATE_FIELDS.map((f) => ({
                    value: f,
                    label: TAX_AUDIT_DATE_FIELD_LABELS[f],
                  }))}
                  value={dateField}
                  allowDeselect={false}
                  onChange={(v) => {
                    setDateField((v ?? 'contractAt') as TDocumentDateFilterKey);
                    setCounted(null);
                  }}
                  w={180}
                />
                <TextInput
                  label="開始日"
                  placeholder={DATE_EXAMPLE}
                  value={raw.from}
                  onChange={edit('from')}
                  error={errors.from}
                  w={230}
                  required
                />
                <TextInput
                  label="終了日"
                  placeholder={DATE_EXAMPLE}
                  value={raw.to}
                  onChange={edit('to')}
                  error={errors.to}
                  w={230}
                  required
                />
              </Group>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextInput
                  label="取引先（部分一致）"
                  placeholder="例: 株式会社サンプル"
                  value={raw.counterparty}
                  onChange={edit('counterparty')}
                  w={260}
                />
                <TextInput
                  label="取引金額（以上）"
                  placeholder="例: 100,000"
                  value={raw.amountFrom}
                  onChange={edit('amountFrom')}
                  error={errors.amountFrom}
                  w={180}
                />
                <TextInput
                  label="取引金額（以下）"
                  placeholder="例: 5,000,000円"
                  value={raw.amountTo}
                  onChange={edit('amountTo')}
                  error={errors.amountTo}
                  w={180}
                />
              </Group>
              <Group>
                <Button type="submit" loading={isCounting}>
                  件数を確認
                </Button>
              </Group>
            </Stack>
          </form>
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          {counted && (
            <Alert color="blue" title="対象の書類" aria-live="polite">
              <Text size="sm">
                {TAX_AUDIT_DATE_FIELD_LABELS[counted.inputs.dateField]}が
                {slashed(counted.inputs.from)}〜{slashed(counted.inputs.to)}の書類は{' '}
                <b>{fmt(counted.count.documents)}件</b>
                です（書類情報の訂正削除履歴 {fmt(counted.count.corrections)}件）。
              </Text>
            </Alert>
          )}
        </Section>
        <RequirementList inputs={counted?.inputs ?? null} />
        <PackPanel counted={counted} />
      </Stack>
    </>
  );
}
