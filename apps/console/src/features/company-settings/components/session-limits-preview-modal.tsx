import { Alert, Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { idleTimeoutWords, type TSessionLimitsPreview } from '@cloudsign/contract';

/** The new limits and who they sign out at once (you included, if so), before they are applied. */
export function SessionLimitsPreviewModal({
  preview,
  body,
  isApplying,
  onApply,
  onClose,
}: {
  preview: TSessionLimitsPreview | null;
  body: { idleTimeoutMinutes: number | null; sessionMaxHours: number };
  isApplying: boolean;
  onApply: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={preview !== null} onClose={onClose} title="セッションの制限の変更" size="lg">
      {preview && (
        <Stack gap="sm">
          <List size="sm">
            <List.Item>無操作タイムアウト: {idleTimeoutWords(body.idleTimeoutMinutes)}</List.Item>
            <List.Item>ログインの有効期間: {body.sessionMaxHours}時間</List.Item>
          </List>
          {preview.sessions === 0 ? (
            <Text size="sm">この変更で今すぐログアウトするメンバーはいません。</Text>
          ) : (
            <>
              <Text size="sm" fw={500}>
                この変更で、{preview.memberCount}名（{preview.sessions}
                件のログイン）が次の操作でログアウトします。
              </Text>
              {preview.includesYou && (
                <Alert color="yellow">
                  あなたのこのブラウザのログインも含まれます。変更すると、もう一度ログインが必要です。
                </Alert>
              )}
              <ScrollArea.Autosize mah={200} type="auto">
                <List size="sm" spacing={2} aria-label="ログアウトするメンバー">
                  {preview.members.map((m) => (
                    <List.Item key={m.id}>
                      {m.name || '—'}（{m.email}）{m.sessions > 1 ? ` ${m.sessions}件` : ''}
                    </List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
              {preview.memberCount > preview.members.length && (
                <Text size="sm" c="dimmed">
                  ほか{preview.memberCount - preview.members.length}名
                </Text>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button loading={isApplying} onClick={onApply}>
              変更する
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
