import { Link } from 'react-router';
import { Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { CsvUpload } from '../../../components/bulk/index.ts';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { uploadAttributesCsv } from '../api/transfers.ts';
import { DownloadPanel } from './download-panel.tsx';
import { HISTORY_PATH, resultPath } from './labels.ts';

/** Upload page: the three steps, the download for a chosen search, drag-and-drop with the limits. */
export function UploadPage() {
  usePageTitle();
  return (
    <>
      <PageHeader
        title="書類情報の一括編集"
        crumbs={[{ label: '書類', to: '/company/documents' }]}
        actions={
          <Button component={Link} to={HISTORY_PATH} variant="default">
            一括編集の履歴
          </Button>
        }
        description="検索条件に合うすべての書類の書類情報を、CSVファイルでまとめて変更します。件数の上限はありません。"
      />
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="md" mb="xs">
            1. 現在の書類情報をダウンロードする
          </Title>
          <Text size="sm" mb="sm">
            条件に合う書類ごとに1行のCSVを作成します。列は
            書類ID、更新日時、管理用タイトル〜取引金額、続いて独自の項目（項目名）です。
          </Text>
          <DownloadPanel />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="md" mb="xs">
            2. Excel などで書き換える
          </Title>
          <List size="sm">
            <List.Item>
              書類ID と 更新日時
              は変更しないでください（更新日時で、ダウンロード後に変更された書類を「競合」として検出し、上書きしません）。
            </List.Item>
            <List.Item>
              日付: 2025-04-01 または 2025/4/1。取引金額: 整数（1,000
              や全角数字も可）。自動更新の有無: 指定なし・あり・なし（0・1・2 も可）。
            </List.Item>
            <List.Item>
              文字列は500文字まで。空欄にすると値を消します。変更しない列は削除しても構いません。
            </List.Item>
          </List>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="md" mb="xs">
            3. アップロードしてチェック結果を確認し、実行する
          </Title>
          <CsvUpload
            upload={async (file, onProgress) =>
              resultPath(
                (await uploadAttributesCsv(file, (p) => onProgress(p.ratio))).manipulation.id,
              )
            }
          />
          <Text size="sm" mt="sm">
            アップロード後に内容をチェックし、変更される項目を確認してから実行します。これまでの一括編集は
            <Anchor component={Link} to={HISTORY_PATH}>
              {' '}
              一括編集の履歴{' '}
            </Anchor>
            で確認できます。
          </Text>
        </Paper>
      </Stack>
    </>
  );
}
