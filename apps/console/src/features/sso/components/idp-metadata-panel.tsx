import { useState } from 'react';
import { Button, FileButton, Group, Table, Text, Textarea } from '@mantine/core';
import { SSO_METADATA_MAX, type TSsoResponse } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePutMetadata } from '../api/sso.ts';
import { useRereadWhenStale } from './reread-when-stale.ts';
import { errorOf } from './error-of.ts';
import { Section } from './section.tsx';

type Settings = NonNullable<TSsoResponse['settings']>;

/**
 * The IdP's metadata XML, pasted or read from a file, checked by the server; then what it said. The save names
 * the version of the settings shown (`version`).
 */
export function IdpMetadataPanel({
  settings,
  version,
}: {
  settings: Settings | null;
  version: string;
}) {
  const [xml, setXml] = useState('');
  const [error, setError] = useState<string | null>(null);
  const put = usePutMetadata();
  const alert = useAlert('content');
  const rereadWhenStale = useRereadWhenStale();
  const save = async (text: string) => {
    if (!text.trim()) return setError('メタデータ XML を指定してください。');
    try {
      await put.mutateAsync({ xml: text, version });
      setError(null);
      setXml('');
      alert.open('IdP のメタデータを登録しました。');
    } catch (e) {
      setError(errorOf(e, 'xml'));
      await rereadWhenStale(e);
    }
  };
  const readFile = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    setXml(text);
    await save(text);
  };
  return (
    <Section
      title="IdP のメタデータ"
      description="IdP からダウンロードしたフェデレーション メタデータ XML をアップロードするか、貼り付けてください。"
    >
      {settings && (
        <Table withRowBorders={false} verticalSpacing={4} aria-label="読み取った IdP の情報">
          <Table.Tbody>
            <Info label="IdP エンティティ ID" value={settings.idpEntityId} />
            <Info label="SSO URL" value={settings.idpSsoUrl} />
            {settings.certificates.map((c, i) => (
              <Info
                key={c.fingerprint}
                label={`署名証明書${settings.certificates.length > 1 ? ` ${i + 1}` : ''}`}
                value={`${c.subject}（有効期限 ${formatDateTime(c.notAfter)}）`}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Textarea
        label={settings ? 'メタデータ XML を登録し直す' : 'メタデータ XML'}
        placeholder='<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" ...>'
        autosize
        minRows={4}
        maxRows={12}
        maxLength={SSO_METADATA_MAX}
        value={xml}
        error={error}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        onChange={(e) => setXml(e.currentTarget.value)}
      />
      <Group>
        <Button loading={put.isPending} disabled={!xml.trim()} onClick={() => void save(xml)}>
          貼り付けたメタデータを登録
        </Button>
        <FileButton
          accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
          onChange={(f) => void readFile(f)}
        >
          {(props) => (
            <Button variant="default" {...props}>
              XML ファイルをアップロード
            </Button>
          )}
        </FileButton>
      </Group>
    </Section>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w={220} fw={500}>
        {label}
      </Table.Th>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
