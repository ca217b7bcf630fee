import { Button, Group, List, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { TAffectedMember, TCompanySettingsPreview } from '@cloudsign/contract';

type Props = {
  preview: TCompanySettingsPreview | null;
  saving: boolean;
  reminding: boolean;
  onRemind: () => void;
  onConfirm: () => void;
  onClose: () => void;
};

function Members({ label, members }: { label: string; members: TAffectedMember[] }) {
  return (
    // Hundreds of names stay in a scrolled box, so the confirm button is always in view.
    <ScrollArea.Autosize mah={200} type="auto">
      <List size="sm" spacing={2} aria-label={label}>
        {members.map((m) => (
          <List.Item key={m.id}>
            {m.name || '—'}（{m.email}）
          </List.Item>
        ))}
      </List>
    </ScrollArea.Autosize>
  );
}

/** What the change does, in counts and names; nothing is saved until 「変更する」. */
export function SettingsPreviewModal(props: Props) {
  const { preview } = props;
  return (
    <Modal opened={preview !== null} onClose={props.onClose} title="設定の変更内容の確認" size="lg">
      {preview && (
        <Stack gap="md">
          <List size="sm" aria-label="変更する項目">
            {preview.changes.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
          {preview.mfaRequired && (
            <Stack gap={4}>
              <Title order={3} fz="md">
                2要素認証を設定していないメンバー: {preview.mfaRequired.count}名
              </Title>
              <Text size="sm">
                次回ログイン時に2要素認証の設定を求められます。いまログインしているメンバーは、そのログインが終わるまで（最長12時間）このまま使えます。
              </Text>
              <Members
                label="2要素認証を設定していないメンバー"
                members={preview.mfaRequired.members}
              />
              {preview.mfaRequired.count > 0 && (
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    loading={props.reminding}
                    onClick={props.onRemind}
                  >
                    この{preview.mfaRequired.count}名に設定のお願いをメールする
                  </Button>
                </Group>
              )}
            </Stack>
          )}
          {preview.importOff && (
            <Stack gap={4}>
              <Title order={3} fz="md">
                書類インポート権限を持つメンバー: {preview.importOff.count}名
              </Title>
              <Text size="sm">
                書類インポートの画面が表示されなくなり、インポートできなくなります。
              </Text>
              <Members
                label="書類インポート権限を持つメンバー"
                members={preview.importOff.members}
              />
            </Stack>
          )}
          {preview.auditLogOff && (
            <Stack gap={4}>
              <Title order={3} fz="md">
                監査ログを閲覧できなくなるメンバー: {preview.auditLogOff.count}名
              </Title>
              <Members
                label="監査ログを閲覧できなくなるメンバー"
                members={preview.auditLogOff.members}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              キャンセル
            </Button>
            <Button loading={props.saving} onClick={props.onConfirm}>
              変更する
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
