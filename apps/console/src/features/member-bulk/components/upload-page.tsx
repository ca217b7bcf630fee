import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { BULK_MAX_DATA_ROWS, BULK_MAX_FILE_BYTES, type TCsvEncoding } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { downloadTemplate, uploadMembersCsv, type UploadKind } from '../api/transfers.ts';
import { EncodingSelect } from './encoding-select.tsx';
import { fmt, previewPath } from './labels.ts';

const TEXT: Record<UploadKind, { title: string; lead: string; columns: string }> = {
  bulk_add: {
    title: 'メンバーの一括追加',
    lead: 'CSVファイルで複数のメンバーをまとめて招待します。追加されたメンバーにはパスワード設定のご案内がメールで届きます。',
    columns: 'メールアドレス（必須）、氏名、所属、各権限（1/0 または あり/なし、空欄は なし）、メンバーグループ（名前またはID、複数は ; 区切り）',
  },
  bulk_edit: {
    title: 'メンバーの一括編集',
    lead: '現在のメンバー情報から作成した編集用CSVを書き換えてアップロードします。メンバーIDで対象を特定します。',
    columns: 'メンバーID（必須・変更不可）と、変更したい列。更新日時は変更しないでください（作成後に変更されたメンバーを検出します）。',
  },
  bulk_delete: {
    title: 'メンバーの一括削除',
    lead: 'CSVファイルに書いたメンバーをまとめて削除します。自分自身と、最後の組織管理者は削除できません。',
    columns: 'メンバーID または メールアドレス（どちらか一方で構いません）',
  },
};

/** Upload pages of add / edit / delete (issue 5): template, limits, drag-and-drop, upload progress. */
export function UploadPage({ kind }: { kind: UploadKind }) {
  const text = TEXT[kind];
  usePageTitle();
  const navigate = useNavigate();
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const { manipulation } = await uploadMembersCsv(kind, file, (p) => setProgress(p.ratio * 100));
      void navigate(previewPath(manipulation));
    } catch (e) {
      setError(isApiError(e) ? e.message : 'アップロードに失敗しました。通信環境を確認してやり直してください。');
      setProgress(null);
    }
  };

  return (
    <>
      <PageHeader title={text.title} description={text.lead} />
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="md" mb="xs">1. CSVファイルを用意する</Title>
          <Text size="sm" mb="sm">列: {text.columns}</Text>
          {kind === 'bulk_edit' ? (
            <Button component={Link} to="/company/members/bulk_edit/csv_template" variant="light">編集用CSVを作成する</Button>
          ) : (
            <Group>
              <EncodingSelect value={encoding} onChange={setEncoding} />
              <Button variant="light" onClick={() => void downloadTemplate(kind, encoding)}>テンプレートをダウンロード</Button>
            </Group>
          )}
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="md" mb="xs">2. アップロードしてチェックする</Title>
          <List size="sm" mb="sm">
            <List.Item>ファイルサイズ: {BULK_MAX_FILE_BYTES / 1024 / 1024}MB まで</List.Item>
            <List.Item>データ行: {fmt(BULK_MAX_DATA_ROWS)} 行まで</List.Item>
            <List.Item>文字コード: Shift_JIS（Excel の「CSV（コンマ区切り）」）または UTF-8</List.Item>
          </List>
          <Dropzone
            onDrop={(files) => void onDrop(files)}
            onReject={() => setError(`CSVファイル（${BULK_MAX_FILE_BYTES / 1024 / 1024}MB まで）を1つ選んでください。`)}
            maxSize={BULK_MAX_FILE_BYTES}
            maxFiles={1}
            multiple={false}
            loading={progress !== null}
            accept={{ 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv', '.txt'] }}
            aria-label="CSVファイルをアップロード"
            data-testid="csv-dropzone"
          >
            <Stack align="center" gap={4} py="xl" style={{ pointerEvents: 'none' }}>
              <Text fw={600}>ここにCSVファイルをドラッグ＆ドロップ</Text>
              <Text size="sm" c="dimmed">またはクリックしてファイルを選択</Text>
            </Stack>
          </Dropzone>
          {progress !== null && <Progress mt="sm" value={progress} aria-label="アップロードの進み具合" />}
          {error && <Alert color="red" mt="sm" role="alert">{error}</Alert>}
          <Text size="sm" mt="sm">
            アップロード後に内容をチェックし、実行前に結果を確認できます。これまでの操作は
            <Anchor component={Link} to="/company/members/bulk_manipulations"> 一括操作の履歴 </Anchor>
            で確認できます。
          </Text>
        </Paper>
      </Stack>
    </>
  );
}
