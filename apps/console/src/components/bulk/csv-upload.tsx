import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, List, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { BULK_MAX_DATA_ROWS, BULK_MAX_FILE_BYTES } from '@cloudsign/contract';
import { isApiError } from '../../lib/api-client.ts';
import { fmt } from './labels.ts';

const MB = BULK_MAX_FILE_BYTES / 1024 / 1024;

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
        <List.Item>データ行: {fmt(BULK_MAX_DATA_ROWS)} 行まで</List.Item>
        <List.Item>文字コード: Shift_JIS（Excel の「CSV（コンマ区切り）」）または UTF-8</List.Item>
      </List>
      <Dropzone
        onDrop={(files) => void onDrop(files)}
        onReject={() => setError(`CSVファイル（${MB}MB まで）を1つ選んでください。`)}
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
