import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ZProvisioningTokenName } from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateProvisioningToken } from '../api/provisioning.ts';

/**
 * 作成: the name, then the secret shown once with its copy button. Closing the dialog forgets the secret;
 * the server keeps only its hash, so it can never be shown again.
 */
export function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateProvisioningToken();

  const close = () => {
    setName('');
    setError(null);
    setSecret(null);
    create.reset();
    onClose();
  };
  const submit = async () => {
    const parsed = ZProvisioningTokenName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    try {
      setSecret((await create.mutateAsync(parsed.data)).secret);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'トークンを作成できませんでした。');
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="SCIM トークンの作成" size="lg" centered>
      {secret ? (
        <Stack gap="sm">
          <Alert color="yellow" title="このトークンは今だけ表示されます">
            画面を閉じると二度と表示できません。コピーして、Microsoft Entra ID や Okta
            のプロビジョニング設定（シークレットトークン / API トークン）に貼り付けてください。
          </Alert>
          <Text
            size="sm"
            ff="monospace"
            p="xs"
            bg="gray.0"
            style={{ wordBreak: 'break-all' }}
            aria-label="作成したトークン"
          >
            {secret}
          </Text>
          <Group justify="flex-end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'コピーしました' : 'トークンをコピー'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>控えたので閉じる</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="トークン名"
              description="どの IdP のどの接続で使うかがわかる名前（例: Entra ID 本番）。監査ログには操作した者としてこの名前が残ります。"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                キャンセル
              </Button>
              <Button type="submit" loading={create.isPending}>
                作成する
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
