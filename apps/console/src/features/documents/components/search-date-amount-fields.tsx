import type { UseFormReturn } from 'react-hook-form';
import { Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUTO_UPDATE_LABELS, DOCUMENT_DATE_KEYS } from '@cloudsign/contract';
import { DATE_LABELS, type SearchValues } from '../lib/search-form.ts';

/** 詳細検索's 日付・金額 section: a from–to pair per date, the amount range, and auto-renewal. */
export function SearchDateAmountFields({ form }: { form: UseFormReturn<SearchValues> }) {
  return (
    <Paper withBorder p="md" radius="md" bg="white">
      <Title order={2} fz={16} mb="sm">
        日付・金額
      </Title>
      <Stack gap="xs">
        {DOCUMENT_DATE_KEYS.map((k) => (
          <Group key={k} gap="xs" align="flex-start">
            <TextInput
              label={`${DATE_LABELS[k]}（から）`}
              placeholder="2026/04/01"
              w={200}
              error={form.formState.errors[`${k}From`]?.message}
              {...form.register(`${k}From`)}
            />
            <Text mt={30}>〜</Text>
            <TextInput
              label={`${DATE_LABELS[k]}（まで）`}
              placeholder="2026/04/01"
              w={200}
              error={form.formState.errors[`${k}To`]?.message}
              {...form.register(`${k}To`)}
            />
          </Group>
        ))}
        <Group gap="xs" align="flex-start">
          <TextInput
            label="取引金額（円以上）"
            placeholder="1,000,000"
            w={200}
            error={form.formState.errors.amountFrom?.message}
            {...form.register('amountFrom')}
          />
          <Text mt={30}>〜</Text>
          <TextInput
            label="取引金額（円以下）"
            placeholder="1,000,000"
            w={200}
            error={form.formState.errors.amountTo?.message}
            {...form.register('amountTo')}
          />
        </Group>
        <Select
          label="自動更新の有無"
          placeholder="指定しない"
          clearable
          w={200}
          data={Object.entries(AUTO_UPDATE_LABELS).map(([value, label]) => ({
            value,
            label,
          }))}
          value={form.watch('autoUpdate') || null}
          onChange={(v) => form.setValue('autoUpdate', v ?? '')}
        />
      </Stack>
    </Paper>
  );
}
