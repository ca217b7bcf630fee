import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Paper, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IMPORT_MAX_FILE_BYTES, canImportDocuments, isCompanyAdmin } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import { useImportQueue } from '../hooks/use-import-queue.ts';
import { ImportFileList } from './import-file-list.tsx';

/** `/company/documents/import` (no global nav): cabinet first, then PDFs, each with its progress and result. */
export function DocumentsImportPage() {
  usePageTitle();
  const user = useCurrentUser();
  const cabinets = useCabinetChoices();
  const [cabinetId, setCabinetId] = useState<string | null>(null);
  const { items, isRunning, start, add, remove, setAttributes } = useImportQueue(cabinetId);
  const canImport = canImportDocuments(user);
  // Importing needs manage rights on the cabinet (contract): company admins any, others those they administer.
  const targets = (cabinets.data ?? []).filter((c) => isCompanyAdmin(user) || c.isAdmin);

  if (!canImport) {
    return (
      <>
        <PageHeader
          title="書類のインポート"
          crumbs={[{ label: '書類', to: '/company/documents' }]}
        />
        <Alert color="yellow" title="書類をインポートできません" data-testid="import-refused">
          {user.company.documentImport
            ? '書類のインポートには、書類インポート権限または組織管理権限が必要です。'
            : 'この組織では書類のインポートが有効になっていません。'}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="書類のインポート"
        description="締結済みの契約書（PDF）を取り込みます。1ファイル50MBまで、ファイル名は64文字まで（拡張子 .pdf を除く）。"
        actions={
          <Anchor component={Link} to="/company/documents">
            書類一覧に戻る
          </Anchor>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" bg="white">
          <Select
            label="インポート先のキャビネット"
            description="管理しているキャビネットを選べます。"
            placeholder="キャビネットを選択"
            data={targets.map((c) => ({ value: c.id, label: c.name }))}
            value={cabinetId}
            onChange={setCabinetId}
            disabled={isRunning}
            w={360}
            required
          />
        </Paper>
        <Dropzone
          onDrop={add}
          disabled={!cabinetId || isRunning}
          maxSize={Number.MAX_SAFE_INTEGER}
          aria-label="PDFファイルを選択"
          data-testid="import-dropzone"
        >
          <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
            <Text fw={600}>
              {cabinetId
                ? 'ここにPDFファイルをドロップするか、クリックして選択'
                : '先にインポート先のキャビネットを選んでください'}
            </Text>
            <Text size="sm" c="dimmed">
              複数のファイルを一度に選べます（1ファイル{IMPORT_MAX_FILE_BYTES / 1024 / 1024}
              MBまで）。PDFでないファイルや壊れたファイルは理由を表示します。
            </Text>
          </Stack>
        </Dropzone>
        {items.length > 0 && (
          <ImportFileList
            items={items}
            cabinetId={cabinetId}
            isRunning={isRunning}
            onStart={() => void start()}
            onAttributes={setAttributes}
            onRemove={remove}
          />
        )}
      </Stack>
    </>
  );
}
