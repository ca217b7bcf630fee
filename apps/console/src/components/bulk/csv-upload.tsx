import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, List, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  BULK_MAX_DATA_ROWS,
  BULK_MAX_FILE_BYTES,
  MSG_EXCEL_FILE,
  isExcelFileStart,
} from '@cloudsign/contract';
import { isApiError } from '../../lib/api-client.ts';
import { fmt } from './labels.ts';

const MB = BULK_MAX_FILE_BYTES / 1024 / 1024;
const EXCEL_NAME = /\.(xlsx|xlsm|xls)$/i;

/** A workbook said before it is sent (the server refuses it the same way): by its first bytes. */
const isExcel = async (file: File) =>
  isExcelFileStart(new Uint8Array(await file.slice(0, 65_536).arrayBuffer()));

/**
 * The CSV step of every bulk upload page: the limits, drag-and-drop (or click) of one file, the upload's
 * progress, and on success the page where the check's result appears. `upload` sends the file and answers
 * with that page's path.
 */
export function CsvUpload({
  upload,
}: {
  upload: (file: File, onProgress: (ratio: number) => void) => Promise<string>;
}) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setError(null);
    if (await isExcel(file)) {
      setError(MSG_EXCEL_FILE);
      return;
    }
    setProgress(0);
    try {
      const next = await upload(file, (ratio) => setProgress(ratio * 100));
      void navigate(next);
    } catch (e) {
      setError(
        isApiError(e)
          ? e.message
          : 'アップロードに失敗しました。通信環境を確認してやり直してください。',
      );
      setProgress(null);
    }
  };

  return (
    <>
      <List size="sm" mb="sm">
        <List.Item>ファイルサイズ: {MB}MB まで</List.Item>
        <List.Item>データ行: {fmt(BULK_MAX_DATA_ROWS)}行まで</List.Item>
        <List.Item>文字コード: Shift_JIS（Excel の「CSV（コンマ区切り）」）または UTF-8</List.Item>
      </List>
      <Dropzone
        onDrop={(files) => void onDrop(files)}
        onReject={(rejected) =>
          setError(
            rejected.some((r) => EXCEL_NAME.test(r.file.name))
              ? MSG_EXCEL_FILE
              : `CSVファイル（${MB}MB まで）を1つ選んでください。`,
          )
        }
        maxSize={BULK_MAX_FILE_BYTES}
        maxFiles={1}
        multiple={false}
        loading={progress !== null}
        accept={{
          'text/csv': ['.csv'],
          'application/vnd.ms-excel': ['.csv'],
          'text/plain': ['.csv', '.txt'],
        }}
        aria-label="CSVファイルをアップロード"
        data-testid="csv-dropzone"
      >
        <Stack align="center" gap={4} py="xl" style={{ pointerEvents: 'none' }}>
          <Text fw={600}>ここにCSVファイルをドラッグ＆ドロップ</Text>
          <Text size="sm" c="dimmed">
            またはクリックしてファイルを選択
          </Text>
        </Stack>
      </Dropzone>
      {progress !== null && (
        <Progress mt="sm" value={progress} aria-label="アップロードの進み具合" />
      )}
      {error && (
        <Alert color="red" mt="sm" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
