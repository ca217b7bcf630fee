import { Alert, Button, List, Stack, Text } from '@mantine/core';
import type { StaleSave } from './use-stale-save.ts';

/**
 * Shown inside the form: the stale-save message with 「最新の内容を読み込む」, then, after the reload, what the
 * other admin changed. What the person typed stays in the form either way.
 */
export function StaleSaveNotice<T>({ save }: { save: StaleSave<T> }) {
  if (save.stale)
    return (
      <Alert color="red" role="alert" title="保存できませんでした">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            ほかの管理者がこの内容を変更しました。最新の内容を読み込んでから、もう一度保存してください。
          </Text>
          <Text size="sm">入力した内容は消えません。</Text>
          <Button size="xs" loading={save.reloading} onClick={() => void save.reload()}>
            最新の内容を読み込む
          </Button>
        </Stack>
      </Alert>
    );
  if (save.changes)
    return (
      <Alert color="yellow" role="status" title="最新の内容を読み込みました">
        {save.changes.length === 0 ? (
          <Text size="sm">画面に表示している項目は変更されていません。</Text>
        ) : (
          <>
            <Text size="sm">ほかの管理者が次の項目を変更しました。</Text>
            <List size="sm" mt={4}>
              {save.changes.map((c) => (
                <List.Item key={c.label}>
                  {c.label}: {c.before} → {c.after}
                </List.Item>
              ))}
            </List>
          </>
        )}
        <Text size="sm" mt={4}>
          入力した内容はそのまま残っています。確認してから、もう一度保存してください。
        </Text>
      </Alert>
    );
  return null;
}
