import { useState } from 'react';
import { Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { TSsoResponse } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { ConfirmModal } from '../../../components/confirm-modal/index.ts';
import { formatCount } from '../../../lib/format.ts';
import { fetchEnablePreview, usePutEnabled } from '../api/sso.ts';
import { errorOf } from './error-of.ts';
import { Section } from './section.tsx';

type Settings = NonNullable<TSsoResponse['settings']>;
type Preview = Awaited<ReturnType<typeof fetchEnablePreview>>;

/** Switching SSO on only after its impact is shown; off again with a plain confirmation. */
export function EnablePanel({ sso, settings }: { sso: TSsoResponse; settings: Settings }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [loadingPreview, setLoadingPreview] = useState(false);
  const [askOff, setAskOff] = useState(false);
  const put = usePutEnabled();
  const alert = useAlert('content');
  const fail = (e: unknown) => alert.open({ message: errorOf(e), type: 'error' });
  const openPreview = async () => {
    setLoadingPreview(true);
    try {
      setPreview(await fetchEnablePreview());
    } catch (e) {
      fail(e);
    } finally {
      setLoadingPreview(false);
    }
  };
  const apply = async (enabled: boolean) => {
    try {
      await put.mutateAsync(enabled);
      alert.open(enabled ? 'SSO を有効にしました。' : 'SSO を無効にしました。');
    } catch (e) {
      fail(e);
    } finally {
      setPreview(null);
      setAskOff(false);
    }
  };
  const tested = settings.lastTest?.ok ?? false;
  return (
    <Section title="SSO の有効化">
      <Group gap="xs">
        <Text size="sm">状態:</Text>
        <Badge color={sso.enabled ? 'green' : 'gray'} variant="light">
          {sso.enabled ? '有効' : '無効'}
        </Badge>
      </Group>
      {!sso.enabled && !tested && (
        <Text size="sm" c="dimmed">
          接続テストに成功すると有効にできます。
        </Text>
      )}
      <Group>
        {sso.enabled ? (
          <Button variant="default" color="red" onClick={() => setAskOff(true)}>
            SSO を無効にする
          </Button>
        ) : (
          <Button disabled={!tested} loading={loadingPreview} onClick={() => void openPreview()}>
            SSO を有効にする
          </Button>
        )}
      </Group>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title="SSO を有効にしますか？"
        centered
      >
        {preview && (
          <Stack>
            <Text size="sm">
              {formatCount(preview.members)}名のメンバーが IdP
              でログインするようになり、パスワードでのログインは停止します。
            </Text>
            <Text size="sm" fw={500}>
              パスワードでもログインできる管理者（例外）: {preview.exceptions.length}名
            </Text>
            {preview.exceptions.length > 0 ? (
              <List size="sm">
                {preview.exceptions.map((m) => (
                  <List.Item key={m.id}>
                    {m.name}（{m.email}）
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="red">
                例外の管理者を1人以上選んで保存してから有効にしてください。
              </Text>
            )}
            <Text size="sm" c="dimmed">
              SSO でログインするメンバーには、企業設定の2要素認証は適用されません。
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                キャンセル
              </Button>
              <Button
                disabled={preview.exceptions.length === 0}
                loading={put.isPending}
                onClick={() => void apply(true)}
              >
                有効にする
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={askOff}
        title="SSO を無効にしますか？"
        message="メンバーは再びメールアドレスとパスワードでログインします（企業設定の2要素認証も適用されます）。"
        confirmLabel="無効にする"
        color="red"
        loading={put.isPending}
        onConfirm={() => void apply(false)}
        onClose={() => setAskOff(false)}
      />
    </Section>
  );
}
