import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IMPORT_MAX_FILE_BYTES,
  canImportDocuments,
  isCompanyAdmin,
  type TDocumentAttributeUpdate,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import { importDocument } from '../api/import-document.ts';
import { documentKeys } from '../api/keys.ts';
import { ImportFileRow, type ImportItem } from './import-file-row.tsx';

const CONCURRENT_UPLOADS = 3;

/** `/company/documents/import` (no global nav): cabinet first, then PDFs, each with its progress and result. */
export function DocumentsImportPage() {
  usePageTitle();
  const user = useCurrentUser();
  const client = useQueryClient();
  const cabinets = useCabinetChoices();
  const [cabinetId, setCabinetId] = useState<string | null>(null);
  const [items, setItems] = useState<ImportItem[]>([]);
  const [isRunning, setRunning] = useState(false);
  const canImport = canImportDocuments(user);
  // Importing needs manage rights on the cabinet (contract): company admins any, others those they administer.
  const targets = (cabinets.data ?? []).filter((c) => isCompanyAdmin(user) || c.isAdmin);
  const patch = (key: string, change: Partial<ImportItem>) =>
    setItems((all) => all.map((it) => (it.key === key ? { ...it, ...change } : it)));

  const start = async () => {
    if (!cabinetId) return;
    setRunning(true);
    const queue = items.filter((it) => it.state === 'waiting');
    const worker = async () => {
      for (let it = queue.shift(); it; it = queue.shift()) {
        const key = it.key;
        patch(key, { state: 'uploading', progress: 0 });
        try {
          const result = await importDocument(cabinetId, it.file, it.attributes, (p) =>
            patch(key, { progress: p.ratio }),
          );
          patch(
            key,
            result.ok
              ? { state: 'done', documentId: result.documentId, progress: 1 }
              : { state: 'failed', error: result.error.message },
          );
        } catch (error) {
          patch(key, {
            state: 'failed',
            error:
              isApiError(error) || error instanceof Error
                ? error.message
                : 'アップロードに失敗しました。',
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, worker));
    setRunning(false);
    await client.invalidateQueries({ queryKey: documentKeys.lists() });
  };

  const done = items.filter((it) => it.state === 'done');
  const failed = items.filter((it) => it.state === 'failed');
  const waiting = items.filter((it) => it.state === 'waiting');
  const isFinished = !isRunning && items.length > 0 && waiting.length === 0;

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
          onDrop={(files) =>
            setItems((all) => [
              ...all,
              ...files.map((file) => ({
                key: crypto.randomUUID(),
                file,
                state: 'waiting' as const,
                progress: 0,
                attributes: null,
              })),
            ])
          }
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
          <Paper withBorder radius="md" bg="white" p="md">
            <Stack gap="xs" aria-label="インポートするファイル">
              {items.map((it) => (
                <ImportFileRow
                  key={it.key}
                  item={it}
                  isLocked={isRunning || it.state !== 'waiting'}
                  onAttributes={(attributes: TDocumentAttributeUpdate | null) =>
                    patch(it.key, { attributes })
                  }
                  onRemove={() => setItems((all) => all.filter((x) => x.key !== it.key))}
                />
              ))}
            </Stack>
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed" data-testid="import-summary">
                {isFinished
                  ? `完了: ${done.length}件をインポートしました。エラー${failed.length}件。`
                  : `${items.length} ファイル`}
              </Text>
              <Group>
                {done.length > 0 && !isRunning && (
                  <Button
                    component={Link}
                    to={`/company/documents?status=13${cabinetId ? `&cabinetId=${cabinetId}` : ''}`}
                    variant="light"
                  >
                    インポートした書類を見る
                  </Button>
                )}
                <Button
                  onClick={() => void start()}
                  loading={isRunning}
                  disabled={!cabinetId || waiting.length === 0}
                >
                  インポート開始（{waiting.length}件）
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      </Stack>
    </>
  );
}
