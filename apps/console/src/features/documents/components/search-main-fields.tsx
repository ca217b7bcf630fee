import type { UseFormReturn } from 'react-hook-form';
import { Checkbox, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DOCUMENT_STATUS_LABELS } from '@cloudsign/contract';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import type { SearchValues } from '../lib/search-form.ts';

/** 詳細検索's first section: keyword, cabinet, sender, management number, counterparty, statuses. */
export function SearchMainFields({ form }: { form: UseFormReturn<SearchValues> }) {
  const cabinets = useCabinetChoices();
  return (
    <Paper withBorder p="md" radius="md" bg="white">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="キーワード"
          description="タイトル・契約相手・参加者の氏名/メール/会社名・書類ID"
          {...form.register('keyword')}
        />
        <Select
          label="キャビネット"
          placeholder="すべて"
          clearable
          data={(cabinets.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={form.watch('cabinetId') || null}
          onChange={(v) => form.setValue('cabinetId', v ?? '')}
        />
        <TextInput label="送信者（氏名・メールアドレス）" {...form.register('sender')} />
        <TextInput label="管理番号" {...form.register('localId')} />
        <Stack gap={6}>
          <TextInput
            label="取引先"
            description="契約相手の名称で探します"
            {...form.register('counterparty')}
          />
          <Checkbox
            label="完全一致（名称全体が同じもの）"
            checked={form.watch('isCounterpartyExact')}
            onChange={(e) => form.setValue('isCounterpartyExact', e.currentTarget.checked)}
          />
        </Stack>
      </SimpleGrid>
      <Checkbox.Group
        label="ステータス"
        mt="sm"
        value={form.watch('statuses')}
        onChange={(v) => form.setValue('statuses', v)}
      >
        <Group gap="md" mt={4}>
          {Object.entries(DOCUMENT_STATUS_LABELS).map(([value, label]) => (
            <Checkbox key={value} value={value} label={label} />
          ))}
        </Group>
      </Checkbox.Group>
    </Paper>
  );
}
