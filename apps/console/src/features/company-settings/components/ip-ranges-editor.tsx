import { ActionIcon, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TIpRestrictionScope } from '@cloudsign/contract';
import { downloadIpCsv } from '../api/ip-restriction.ts';
import type { IpRange } from '../lib/ip-restriction-draft.ts';

/** One scope's allowed ranges (CIDR and memo per row), with CSV in and out. */
export function IpRangesEditor({
  scope,
  label,
  ranges,
  errors,
  onRanges,
  onRange,
  onImport,
}: {
  scope: TIpRestrictionScope;
  label: string;
  ranges: IpRange[];
  errors: Record<string, string>;
  onRanges: (ranges: IpRange[]) => void;
  onRange: (i: number, r: Partial<IpRange>) => void;
  onImport: (file: File | null) => Promise<void>;
}) {
  return (
    <Stack gap="xs" aria-label={`${label}で許可するIPアドレス`} role="group">
      <Text size="sm" fw={500}>
        許可するIPアドレス（{ranges.length}件）
      </Text>
      {errors[`${scope}.ranges`] && (
        <Text size="sm" c="red" role="alert">
          {errors[`${scope}.ranges`]}
        </Text>
      )}
      {ranges.map((r, i) => (
        <Group key={i} align="flex-start" wrap="nowrap">
          <TextInput
            label={`IPアドレス（CIDR）${i + 1}`}
            placeholder="203.0.113.0/24"
            w={260}
            value={r.cidr}
            error={errors[`${scope}.ranges.${i}.cidr`]}
            onChange={(ev) => onRange(i, { cidr: ev.currentTarget.value })}
          />
          <TextInput
            label={`メモ${i + 1}`}
            placeholder="本社"
            style={{ flex: 1 }}
            value={r.memo}
            error={errors[`${scope}.ranges.${i}.memo`]}
            onChange={(ev) => onRange(i, { memo: ev.currentTarget.value })}
          />
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={`${r.cidr || `${i + 1}行目`}を削除`}
            onClick={() => onRanges(ranges.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() => onRanges([...ranges, { cidr: '', memo: '' }])}
        >
          IPアドレスを追加
        </Button>
        <FileButton onChange={(f) => void onImport(f)} accept=".csv,text/csv">
          {(props) => (
            <Button variant="default" size="xs" {...props}>
              CSVを読み込む
            </Button>
          )}
        </FileButton>
        <Button variant="subtle" size="xs" onClick={() => void downloadIpCsv(scope, 'sjis')}>
          CSVを書き出す（Shift_JIS）
        </Button>
        <Button variant="subtle" size="xs" onClick={() => void downloadIpCsv(scope, 'utf8bom')}>
          CSVを書き出す（UTF-8）
        </Button>
      </Group>
    </Stack>
  );
}
