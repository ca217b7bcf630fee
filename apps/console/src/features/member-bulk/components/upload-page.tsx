import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ROLE_LABELS, rolesShownFor, type TCsvEncoding } from '@cloudsign/contract';
import { CsvUpload, EncodingChoice } from '../../../components/bulk/index.ts';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { downloadTemplate, uploadMembersCsv, type UploadKind } from '../api/transfers.ts';
import { previewPath } from './labels.ts';

/** The column help; `roles` lists the privilege columns the company uses (承認権限 only with 書類の承認 on). */
const TEXT: Record<
  UploadKind,
  { title: string; lead: string; columns: (roles: string) => string }
> = {
  bulk_add: {
    title: 'メンバーの一括追加',
    lead: 'CSVファイルで複数のメンバーをまとめて招待します。追加されたメンバーにはパスワード設定のご案内がメールで届きます。',
    columns: (roles) =>
      `メールアドレス（必須）、氏名、フリガナ、所属、権限（${roles}：1/0 または あり/なし、空欄は なし）、メンバーグループ（名前またはID、複数は ; または ； 区切り）`,
  },
  bulk_edit: {
    title: 'メンバーの一括編集',
    lead: '現在のメンバー情報から作成した編集用CSVを書き換えてアップロードします。メンバーIDで対象を特定します。',
    columns: (roles) =>
      `メンバーID（必須・変更不可）と、変更したい列（権限は ${roles}）。利用状態は 有効 または 利用停止（利用停止にするとすぐにログアウトされ、有効に戻すと利用再開します。招待中・パスワード再設定待ちのメンバーはそのままにしてください）。更新日時は変更しないでください（作成後に変更されたメンバーを検出します）。`,
  },
  bulk_delete: {
    title: 'メンバーの一括削除',
    lead: 'CSVファイルに書いたメンバーをまとめて削除します。自分自身と、最後の組織管理者は削除できません。キャビネットの管理者や書類の送信者には、移管先メールアドレス列で引き継ぐメンバーを指定してください。',
    columns: () => 'メンバーID または メールアドレス（どちらか一方で構いません）',
  },
};

/** Upload pages of add / edit / delete: template, limits, drag-and-drop, upload progress. */
export function UploadPage({ kind }: { kind: UploadKind }) {
  const text = TEXT[kind];
  const roles = rolesShownFor(useCurrentUser())
    .map((r) => ROLE_LABELS[r])
    .join('・');
  usePageTitle();
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');

  return (
    <>
      <PageHeader title={text.title} description={text.lead} />
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="md" mb="xs">
            1. CSVファイルを用意する
          </Title>
          <Text size="sm" mb="sm">
            列: {text.columns(roles)}
          </Text>
          {kind === 'bulk_edit' ? (
            <Button component={Link} to="/company/members/bulk_edit/csv_template" variant="light">
              編集用CSVを作成する
            </Button>
          ) : (
            <Group>
              <EncodingChoice value={encoding} onChange={setEncoding} />
              <Button variant="light" onClick={() => void downloadTemplate(kind, encoding)}>
                テンプレートをダウンロード
              </Button>
            </Group>
          )}
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="md" mb="xs">
            2. アップロードしてチェックする
          </Title>
          <CsvUpload
            upload={async (file, onProgress) =>
              previewPath(
                (await uploadMembersCsv(kind, file, (p) => onProgress(p.ratio))).manipulation,
              )
            }
          />
          <Text size="sm" mt="sm">
            アップロード後に内容をチェックし、実行前に結果を確認できます。これまでの操作は
            <Anchor component={Link} to="/company/members/bulk_manipulations">
              {' '}
              一括操作の履歴{' '}
            </Anchor>
            で確認できます。
          </Text>
        </Paper>
      </Stack>
    </>
  );
}
