import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { BulkStatus, DOCUMENT_STATUS_LABELS, type TCsvEncoding } from '@cloudsign/contract';
import { useJob } from '../../../lib/use-job.ts';
import { attributesCsvJob, requestAttributesCsv } from '../api/transfers.ts';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import { fmt } from './labels.ts';
import { EncodingChoice, JobProgress } from '../../../components/bulk/index.ts';

const FIELDS = [
  { key: 'keyword', label: 'キーワード（タイトル・契約相手・参加者）', type: 'text' },
  { key: 'localId', label: '管理番号', type: 'text' },
  { key: 'validityEndAtFrom', label: '契約終了日（から）', type: 'date' },
  { key: 'validityEndAtTo', label: '契約終了日（まで）', type: 'date' },
  // Text, not a number field: people type 1,000,000 or １，０００，０００円 and the contract's amount parser reads them.
  { key: 'amountFrom', label: '取引金額（以上）', type: 'text', placeholder: '例: 1,000,000' },
  { key: 'amountTo', label: '取引金額（以下）', type: 'text', placeholder: '例: 5,000,000円' },
] as const;
const SHOWN: readonly string[] = [...FIELDS.map((f) => f.key), 'cabinetId', 'status'];

/**
 * Step 1: the CSV of the current attributes of every document matching a search (no 50-document cap).
 * Conditions start from the page's URL (a link from the document search carries its query) and can be edited.
 */
export function DownloadPanel() {
  const [params] = useSearchParams();
  const [conditions, setConditions] = useState<Record<string, string>>(() =>
    Object.fromEntries([...params.entries()].filter(([, v]) => v !== '')),
  );
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');
  const csv = useJob(attributesCsvJob);
  const cabinets = useCabinetChoices();
  const downloaded = useRef<string | null>(null);
  const m = csv.job;

  useEffect(() => {
    if (m && m.status === BulkStatus.Succeeded && downloaded.current !== m.id) {
      downloaded.current = m.id;
      void csv.download(m.id);
    }
  }, [m, csv]);

  const start = () => {
    const filled = Object.fromEntries(
      Object.entries(conditions).filter(([, v]) => v.trim() !== ''),
    );
    void csv.start(() => requestAttributesCsv(filled, encoding));
  };

  const isRunning = m?.status === BulkStatus.Processing;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {FIELDS.map((f) => (
          <TextInput
            key={f.key}
            label={f.label}
            type={f.type}
            placeholder={'placeholder' in f ? f.placeholder : undefined}
            value={conditions[f.key] ?? ''}
            onChange={(e) => setConditions((c) => ({ ...c, [f.key]: e.currentTarget.value }))}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="キャビネット"
          placeholder="すべて"
          clearable
          data={(cabinets.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={conditions.cabinetId || null}
          onChange={(v) => setConditions((c) => ({ ...c, cabinetId: v ?? '' }))}
        />
        <Checkbox.Group
          label="ステータス"
          value={conditions.status ? conditions.status.split(',') : []}
          onChange={(v) => setConditions((c) => ({ ...c, status: v.join(',') }))}
        >
          <Group gap="sm" mt={6}>
            {Object.entries(DOCUMENT_STATUS_LABELS).map(([value, label]) => (
              <Checkbox key={value} value={value} label={label} size="xs" />
            ))}
          </Group>
        </Checkbox.Group>
      </SimpleGrid>
      {Object.keys(conditions).some((k) => !SHOWN.includes(k)) && (
        <Text size="xs" c="dimmed">
          書類の検索画面から引き継いだ条件も適用されます。
        </Text>
      )}
      <Group align="flex-end">
        <EncodingChoice heading="文字コード" value={encoding} onChange={setEncoding} />
        <Button variant="light" onClick={start} loading={csv.isBusy} data-testid="request-download">
          条件に合う書類の書類情報をダウンロード
        </Button>
      </Group>
      {isRunning && (
        <JobProgress verb="CSVを作成中" done={m.processedRows} total={m.totalRows} unit="件" />
      )}
      {m?.status === BulkStatus.Succeeded && (
        <Alert color="green">
          {fmt(m.totalRows)}件の書類のCSVを作成しました。ダウンロードが始まらない場合は
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => void csv.download(m.id)}
            data-testid="download-again"
          >
            こちら
          </Button>
        </Alert>
      )}
      {csv.error && (
        <Alert color="red" role="alert">
          {csv.error}
        </Alert>
      )}
    </Stack>
  );
}
