import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { TAX_AUDIT_DATE_FIELD_LABELS, TAX_AUDIT_DATE_FIELDS } from '@cloudsign/contract';
import { DATE_EXAMPLE } from '../../../lib/parse-day.ts';
import type { TaxAuditCountForm } from '../hooks/use-tax-audit-count.ts';

/** 課税期間 on a date field of the admin's choice, and the optional 取引先 and 取引金額. */
export function PeriodForm({ form }: { form: TaxAuditCountForm }) {
  const { dateField, changeDateField, raw, edit, errors, isCounting, submit } = form;
  return (
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
            onChange={changeDateField}
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
  );
}
