import { Button, Modal, Stack, Text } from '@mantine/core';
import type { ApiQuery } from '../../lib/api-client.ts';
import { useJob } from '../../lib/use-job.ts';
import { fmt } from '../bulk/index.ts';
import { bulkDownloadJob, requestBulkDownload } from './bulk-download-api.ts';
import { ZipJobForm, useZipChoice } from './zip-job-form.tsx';

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
  const choice = useZipChoice();
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
        <ZipJobForm
          layout="dialog"
          job={download}
          choice={choice}
          onStart={({ encoding, nameRule }) =>
            void download.start(() => requestBulkDownload(conditions, encoding, nameRule))
          }
          nameRuleLabel="ファイル名の付け方"
          encodingHeading="manifest.csvの文字コード"
          doneText={(n) => `${fmt(n)}件の書類をまとめました。`}
          invalidText="ZIPファイルを作成できませんでした。条件を確かめて、もう一度お試しください。"
          closeButton={
            <Button variant="default" onClick={close}>
              閉じる
            </Button>
          }
        />
      </Stack>
    </Modal>
  );
}
