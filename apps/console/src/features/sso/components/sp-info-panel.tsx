import { Button, Group } from '@mantine/core';
import type { TSsoResponse } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { downloadSpMetadata } from '../api/sso.ts';
import { CopyValues } from './copy-values.tsx';
import { Section } from './section.tsx';

const messageOf = (e: unknown) =>
  e instanceof Error ? e.message : 'ダウンロードできませんでした。';

/** What the IdP needs from us: entity ID, ACS URL, or the whole SP metadata file. */
export function SpInfoPanel({ sp }: { sp: TSsoResponse['sp'] }) {
  const alert = useAlert('content');
  const rows = [
    { label: 'エンティティ ID（識別子）', value: sp.entityId },
    { label: 'ACS URL（応答 URL）', value: sp.acsUrl },
    { label: 'SSOでログインする URL', value: sp.loginUrl },
  ];
  const download = async () => {
    try {
      await downloadSpMetadata();
    } catch (e) {
      alert.open({ message: messageOf(e), type: 'error' });
    }
  };
  return (
    <Section
      title="IdP に登録する情報（SP）"
      description="IdP の管理画面にこの値を登録するか、SP メタデータをアップロードしてください。"
    >
      <CopyValues rows={rows} labelWidth={220} />
      <Group>
        <Button variant="default" onClick={() => void download()}>
          SP メタデータをダウンロード
        </Button>
      </Group>
    </Section>
  );
}
