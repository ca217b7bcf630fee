import { Alert, Stack, Text } from '@mantine/core';
import { TAX_AUDIT_DATE_FIELD_LABELS } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { fmt } from '../../../components/bulk/index.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useTaxAuditCount } from '../hooks/use-tax-audit-count.ts';
import { Section } from './section.tsx';
import { RequirementList } from './requirement-list.tsx';
import { PackPanel } from './pack-panel.tsx';
import { PeriodForm } from './period-form.tsx';

/** A day as the document list shows it: 2025/04/01. */
const slashed = (day: string) => day.replaceAll('-', '/');

/**
 * 税務調査対応 (issue 35): a 課税期間 on one date field (契約締結日 unless chosen otherwise) and optional 取引先 and
 * 取引金額; the count of its documents and their corrections, the law's search requirements each with the
 * search that shows it, and one ZIP of the PDFs, 書類一覧 and 訂正削除履歴. Company admins only (the route's gate).
 */
export function TaxAuditPage() {
  usePageTitle();
  const form = useTaxAuditCount();
  const { serverError, counted } = form;

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
          <PeriodForm form={form} />
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
