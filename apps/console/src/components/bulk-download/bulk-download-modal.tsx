import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  DOCUMENT_DOWNLOAD_NAME_RULE_LABELS,
  DOCUMENT_DOWNLOAD_NAME_RULES,
  type TCsvEncoding,
  type TDocumentDownloadNameRule,
} from '@cloudsign/contract';
import type { ApiQuery } from '../../lib/api-client.ts';
import { useJob } from '../../lib/use-job.ts';
import { EncodingChoice, JobStatus, fmt } from '../bulk/index.ts';
import { bulkDownloadJob, requestBulkDownload } from './bulk-download-api.ts';

/**
 * 「まとめてダウンロード」 (issue 35): the PDFs of every document the list shows (a search, or a cabinet) with
 * `manifest.csv`, made into one ZIP by a job whose progress is shown here; only documents the member may read.
 * The document list and a cabinet's documents panel open it with their own conditions.
 */
export function BulkDownloadModal({
  opened,
  onClose,
  conditions,
  scopeLabel,
}: {
  opened: boolean;
  onClose: () => void;
  conditions: ApiQuery;
  /** What is downloaded, in words: 「検索結果」 or the cabinet's name. */
  scopeLabel: string;
}) {
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');
  const [nameRule, setNameRule] = useState<TDocumentDownloadNameRule>(
    'date_counterparty_amount_id',
  );
  const download = useJob(bulkDownloadJob);
  const close = () => {
    download.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="まとめてダウンロード" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          {scopeLabel}
          の書類のうち、あなたが閲覧できる書類のPDFと一覧（manifest.csv）を1つのZIPファイルにまとめます。
          件数が多いときは作成に時間がかかります。
        </Text>
        <Radio.Group
          label="ファイル名の付け方"
          value={nameRule}
          onChange={(v) => {
            setNameRule(v as TDocumentDownloadNameRule);
            download.forget();
          }}
        >
          <Stack gap={6} mt={6}>
            {DOCUMENT_DOWNLOAD_NAME_RULES.map((r) => (
              <Radio key={r} value={r} label={DOCUMENT_DOWNLOAD_NAME_RULE_LABELS[r]} />
            ))}
          </Stack>
        </Radio.Group>
        <EncodingChoice
          heading="manifest.csvの文字コード"
          value={encoding}
          onChange={(v) => {
            setEncoding(v);
            download.forget();
          }}
        />
        <JobStatus
          job={download.job}
          error={download.error}
          noun="ZIPファイル"
          doneText={(n) => `${fmt(n)}件の書類をまとめました。`}
          invalidText="ZIPファイルを作成できませんでした。条件を確かめて、もう一度お試しください。"
          onDownload={(id) => void download.download(id)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            閉じる
          </Button>
          <Button
            onClick={() =>
              void download.start(() => requestBulkDownload(conditions, encoding, nameRule))
            }
            loading={download.isBusy}
          >
            ZIPファイルを作成
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
