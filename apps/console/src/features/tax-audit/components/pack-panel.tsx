import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import {
  DOCUMENT_DOWNLOAD_NAME_RULE_LABELS,
  DOCUMENT_DOWNLOAD_NAME_RULES,
  TAX_AUDIT_CORRECTIONS_NAME,
  type TCsvEncoding,
  type TDocumentDownloadNameRule,
  type TTaxAuditCount,
} from '@cloudsign/contract';
import { EncodingChoice, JobStatus, fmt } from '../../../components/bulk/index.ts';
import { useJob } from '../../../lib/use-job.ts';
import { requestTaxAuditPack, taxAuditPackJob } from '../api/tax-audit.ts';
import { scopeOf, type TaxAuditInputs } from '../lib/requirements.ts';
import { Section } from './section.tsx';

/** The pack of the counted period: one job, its progress, then the ZIP (each download audited). */
export function PackPanel({
  counted,
}: {
  counted: { inputs: TaxAuditInputs; count: TTaxAuditCount } | null;
}) {
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');
  const [nameRule, setNameRule] = useState<TDocumentDownloadNameRule>(
    'date_counterparty_amount_id',
  );
  const pack = useJob(taxAuditPackJob);
  const start = () => {
    if (!counted) return;
    const body = { ...scopeOf(counted.inputs), encoding, nameRule };
    void pack.start(() => requestTaxAuditPack(body));
  };
  return (
    <Section
      title="税務調査対応ファイルの作成"
      description={`確認した課税期間の書類のPDF、書類一覧（manifest.csv）、その書類の書類情報の訂正削除履歴（${TAX_AUDIT_CORRECTIONS_NAME}）を1つのZIPファイルにまとめます。作成とダウンロードは監査ログに記録されます。`}
    >
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Radio.Group
          label="PDFのファイル名の付け方"
          value={nameRule}
          onChange={(v) => {
            setNameRule(v as TDocumentDownloadNameRule);
            pack.forget();
          }}
        >
          <Stack gap={6} mt={6}>
            {DOCUMENT_DOWNLOAD_NAME_RULES.map((r) => (
              <Radio key={r} value={r} label={DOCUMENT_DOWNLOAD_NAME_RULE_LABELS[r]} />
            ))}
          </Stack>
        </Radio.Group>
        <EncodingChoice
          heading="CSVの文字コード"
          value={encoding}
          onChange={(v) => {
            setEncoding(v);
            pack.forget();
          }}
        />
      </Group>
      {!counted && (
        <Text size="sm" c="dimmed">
          先に課税期間を入力して「件数を確認」を押してください。
        </Text>
      )}
      <Group>
        <Button onClick={start} disabled={!counted} loading={pack.isBusy}>
          ZIPファイルを作成
        </Button>
      </Group>
      <JobStatus
        job={pack.job}
        error={pack.error}
        noun="ZIPファイル"
        doneText={(n) => `${fmt(n)}件の書類と訂正削除履歴をまとめました。`}
        invalidText="ZIPファイルを作成できませんでした。組織管理権限があることを確かめて、もう一度お試しください。"
        onDownload={(id) => void pack.download(id)}
      />
    </Section>
  );
}
