import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import './backup-codes.css';

/** The codes as a text file (CRLF and a BOM, so Windows' メモ帳 opens it as UTF-8), like the site's page. */
function fileOf(email: string, codes: readonly string[]) {
  const lines = [
    'クラウドサイン 2要素認証のバックアップコード',
    `アカウント: ${email}`,
    `発行日時: ${new Date().toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}`,
    '各コードは1回だけ使えます。安全な場所に保管してください。',
    '',
    ...codes,
    '',
  ];
  return `\uFEFF${lines.join('\r\n')}`;
}

/** Shown once, right after the change: the server keeps only their hashes. */
export function BackupCodes({ email, codes }: { email: string; codes: readonly string[] }) {
  const [copied, setCopied] = useState<string | null>(null);
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(fileOf(email, codes))}`;
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopied('コピーしました。'),
      () => setCopied('コピーできませんでした。ダウンロードしてください。'),
    );
  return (
    <Stack gap="sm">
      <Alert color="green" role="status">
        2要素認証を設定しました。
      </Alert>
      <Text size="sm">
        新しいバックアップコードです（これまでのコードは使えません）。各コードは1回だけ使えます。この表示は再表示できないため、ダウンロード・コピー・印刷をして安全な場所に保管してください。
      </Text>
      {/* What 印刷 puts on paper (backup-codes.css): the account and its codes, nothing else of the console. */}
      <Stack gap={4} data-print-only>
        <Text size="sm" fw={600}>
          クラウドサイン 2要素認証のバックアップコード（{email}）
        </Text>
        <List aria-label="バックアップコード" ff="monospace" spacing={2}>
          {codes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
      </Stack>
      <Group>
        <Button component="a" variant="default" href={href} download="cloudsign-backup-codes.txt">
          テキストファイルでダウンロード
        </Button>
        <Button variant="default" onClick={() => void copy()}>
          コピー
        </Button>
        <Button variant="default" onClick={() => window.print()}>
          印刷
        </Button>
      </Group>
      {copied && (
        <Text size="sm" role="status">
          {copied}
        </Text>
      )}
    </Stack>
  );
}
