import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { TSsoDomain } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import {
  useAddSsoDomain,
  useRemoveSsoDomain,
  useSsoDomains,
  useVerifySsoDomain,
} from '../api/sso-domains.ts';
import { CopyValues } from './copy-values.tsx';
import { errorOf } from './error-of.ts';
import { Section } from './section.tsx';

/**
 * The company's email domains: an unregistered address goes to the IdP (and JIT creates it) only for a domain
 * proven by a DNS TXT record, so each unverified domain shows the record to publish and 「確認する」.
 */
export function DomainsPanel() {
  const domains = useSsoDomains();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddSsoDomain();
  const alert = useAlert('content');
  const submit = async () => {
    try {
      const added = await add.mutateAsync(domain);
      setError(null);
      setDomain('');
      alert.open(
        `${added.domain} を追加しました。TXT レコードを DNS に登録してから確認してください。`,
      );
    } catch (e) {
      setError(errorOf(e, 'domain'));
    }
  };
  return (
    <Section
      title="ドメイン"
      description="確認済みのドメインの未登録のメールアドレスだけが、ログイン画面から IdP に移動し、JIT プロビジョニングで作成されます。ドメインを追加したら、表示される TXT レコードを DNS に登録して「確認する」を押してください。"
    >
      {domains.isPending ? (
        <Loader size="sm" aria-label="読み込み中" />
      ) : domains.isError ? (
        <PanelError onRetry={() => void domains.refetch()} />
      ) : domains.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          ドメインはまだ登録されていません。
        </Text>
      ) : (
        <Stack gap="md">
          {domains.data.map((d) => (
            <DomainRow key={d.id} domain={d} />
          ))}
        </Stack>
      )}
      <Group align="flex-start">
        <TextInput
          label="ドメインを追加"
          placeholder="example.co.jp"
          value={domain}
          error={error}
          onChange={(e) => setDomain(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && domain.trim()) void submit();
          }}
        />
        <Button
          mt={25}
          variant="default"
          disabled={!domain.trim()}
          loading={add.isPending}
          onClick={() => void submit()}
        >
          追加
        </Button>
      </Group>
    </Section>
  );
}

function DomainRow({ domain: d }: { domain: TSsoDomain }) {
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifySsoDomain();
  const remove = useRemoveSsoDomain();
  const alert = useAlert('content');
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setError(null);
      alert.open(done);
    } catch (e) {
      setError(errorOf(e));
    }
  };
  const verified = d.status === 'verified';
  return (
    <Stack gap={6} component="article" aria-label={d.domain}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Text fw={500}>{d.domain}</Text>
          <Badge color={verified ? 'green' : 'gray'} variant="light">
            {verified ? '確認済み' : '未確認'}
          </Badge>
        </Group>
        <Group gap="xs">
          {!verified && (
            <Button
              size="xs"
              loading={verify.isPending}
              onClick={() =>
                void run(() => verify.mutateAsync(d.id), `${d.domain} を確認しました。`)
              }
            >
              確認する
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={remove.isPending}
            aria-label={`${d.domain} を削除`}
            onClick={() => void run(() => remove.mutateAsync(d.id), `${d.domain} を削除しました。`)}
          >
            削除
          </Button>
        </Group>
      </Group>
      {!verified && <TxtRecord domain={d} />}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** What to publish in the domain's DNS: the record's name and its exact value, each with a copy button. */
function TxtRecord({ domain: d }: { domain: TSsoDomain }) {
  const rows = [
    { label: 'ホスト名', value: d.txtName },
    { label: '種類', value: 'TXT', isCopyable: false },
    { label: '値', value: d.txtValue },
  ];
  return (
    <CopyValues
      rows={rows}
      labelWidth={100}
      of={`${d.domain} の`}
      aria-label={`${d.domain} に登録する TXT レコード`}
    />
  );
}
