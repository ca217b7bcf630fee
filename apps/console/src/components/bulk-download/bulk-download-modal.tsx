import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  BulkStatus,
  DOCUMENT_DOWNLOAD_NAME_RULE_LABELS,
  DOCUMENT_DOWNLOAD_NAME_RULES,
  type TCsvEncoding,
  type TDocumentDownloadNameRule,
} from '@cloudsign/contract';
import { isApiError, type ApiQuery } from '../../lib/api-client.ts';
import { EncodingChoice, JobProgress, fmt } from '../bulk/index.ts';
import { requestBulkDownload, saveBulkDownload, useBulkDownload } from './bulk-download-api.ts';

const messageOf = (e: unknown) =>
  isApiError(e)
    ? [e.message, ...e.details.map((d) => d.message)].join(' ')
    : 'ZIPファイルを作成できませんでした。時間をおいてもう一度お試しください。';

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
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const job = useBulkDownload(jobId);
  const m = job.data;

  const start = async () => {
    setError(null);
    setJobId(null);
    setStarting(true);
    try {
      setJobId((await requestBulkDownload(conditions, encoding, nameRule)).manipulation.id);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setStarting(false);
    }
  };
  const save = async (id: string) => {
    setError(null);
    try {
      await saveBulkDownload(id);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const close = () => {
    setJobId(null);
    setError(null);
    onClose();
  };

  const isRunning = m?.status === BulkStatus.Processing;
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
            setJobId(null);
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
            setJobId(null);
          }}
        />
        {isRunning && (
          <JobProgress
            verb="ZIPファイルを作成中"
            done={m.processedRows}
            total={m.totalRows}
            unit="件"
          />
        )}
        {m?.status === BulkStatus.Succeeded && (
          <Alert color="green" title="ZIPファイルができました">
            <Group gap="sm">
              <Text size="sm">{fmt(m.totalRows)}件の書類をまとめました。</Text>
              <Button size="compact-sm" onClick={() => void save(m.id)}>
                ZIPファイルをダウンロード
              </Button>
            </Group>
          </Alert>
        )}
        {m?.status === BulkStatus.Invalid && (
          <Alert color="red" role="alert">
            ZIPファイルを作成できませんでした。条件を確かめて、もう一度お試しください。
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            閉じる
          </Button>
          <Button onClick={() => void start()} loading={isStarting || isRunning}>
            ZIPファイルを作成
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
