import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { TSsoResponse } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePutCertificates } from '../api/sso.ts';
import { useRereadWhenStale } from './reread-when-stale.ts';
import { errorOf } from './error-of.ts';
import { Section } from './section.tsx';

type Certificate = NonNullable<TSsoResponse['settings']>['certificates'][number];

/**
 * Rollover: the IdP's new certificate is added next to the current one (both verify signatures), and the old
 * one is removed once the IdP signs with the new one. Each save names the version of the settings shown.
 */
export function CertificatesPanel({
  certificates,
  version,
}: {
  certificates: Certificate[];
  version: string;
}) {
  const [pem, setPem] = useState('');
  const [error, setError] = useState<string | null>(null);
  const put = usePutCertificates();
  const alert = useAlert('content');
  const rereadWhenStale = useRereadWhenStale();
  const save = async (next: string[], done: string) => {
    try {
      await put.mutateAsync({ certificates: next, version });
      setError(null);
      setPem('');
      alert.open(done);
    } catch (e) {
      setError(errorOf(e, 'certificates'));
      await rereadWhenStale(e);
    }
  };
  const current = certificates.map((c) => c.pem);
  return (
    <Section
      title="IdP の署名証明書"
      description="証明書を更新するときは、新しい証明書を追加してから IdP 側を切り替え、古い証明書を削除します。追加から削除までは、どちらの証明書の署名も受け付けます。"
    >
      <Stack gap="xs">
        {certificates.map((c) => (
          <Group key={c.fingerprint} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm">{c.subject}</Text>
              <Text size="xs" c="dimmed">
                有効期限 {formatDateTime(c.notAfter)}・SHA-256 {c.fingerprint.slice(0, 23)}…
              </Text>
            </div>
            {certificates.length > 1 ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={put.isPending}
                aria-label={`${c.subject}（有効期限 ${formatDateTime(c.notAfter)}）を削除`}
                onClick={() =>
                  void save(
                    current.filter((p) => p !== c.pem),
                    '証明書を削除しました。',
                  )
                }
              >
                削除
              </Button>
            ) : (
              <Badge variant="light">使用中</Badge>
            )}
          </Group>
        ))}
      </Stack>
      {certificates.length < 2 && (
        <>
          <Textarea
            label="新しい証明書を追加（PEM）"
            placeholder="-----BEGIN CERTIFICATE-----"
            autosize
            minRows={3}
            maxRows={8}
            value={pem}
            error={error}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            onChange={(e) => setPem(e.currentTarget.value)}
          />
          <Group>
            <Button
              variant="default"
              disabled={!pem.trim()}
              loading={put.isPending}
              onClick={() => void save([...current, pem], '新しい証明書を追加しました。')}
            >
              証明書を追加
            </Button>
          </Group>
        </>
      )}
      {certificates.length >= 2 && error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Section>
  );
}
