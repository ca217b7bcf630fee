import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DOCUMENT_BLANK_LABELS } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useAttributeOptions } from '../api/attribute-options.ts';
import { listSearch, useListQuery } from '../lib/list-query.ts';
import {
  queryOfSearch,
  searchValuesOf,
  typedProblems,
  type SearchValues,
} from '../lib/search-form.ts';
import { SearchMainFields } from './search-main-fields.tsx';
import { SearchDateAmountFields } from './search-date-amount-fields.tsx';

/** `/company/documents/search` (no global nav): every condition, back to the list with the normalised URL. */
export function DocumentsSearchPage() {
  usePageTitle();
  const navigate = useNavigate();
  const { query } = useListQuery();
  const options = useAttributeOptions();
  const form = useForm<SearchValues>({ defaultValues: searchValuesOf(query) });
  const enabledOptions = (options.data ?? []).filter((o) => o.isEnabled);

  const submit = form.handleSubmit((v) => {
    const problems = typedProblems(v);
    if (problems.length > 0) {
      for (const [k, message] of problems) form.setError(k, { message });
      return;
    }
    void navigate(`/company/documents${listSearch(queryOfSearch(v))}`);
  });

  return (
    <>
      <PageHeader
        title="書類の詳細検索"
        description="条件をすべて満たす書類を探します。文字の条件は部分一致で、全角・半角、大文字・小文字、ひらがな・カタカナ、旧字・異体字（髙と高など）を区別しません。日付は 2026/4/1 や 令和8年4月1日、金額は 1,000,000、1000000円 や 100万円 でも入力できます。"
      />
      <form onSubmit={(e) => void submit(e)} aria-label="書類の詳細検索">
        <Stack gap="md">
          <SearchMainFields form={form} />
          <SearchDateAmountFields form={form} />
          <Paper withBorder p="md" radius="md" bg="white">
            <Checkbox.Group
              label="未入力の項目"
              description="選んだ項目が入力されていない書類を探します（書類情報の入力漏れの確認に）"
              value={form.watch('blanks')}
              onChange={(v) => form.setValue('blanks', v)}
            >
              <Group gap="md" mt={6}>
                {Object.entries(DOCUMENT_BLANK_LABELS).map(([value, label]) => (
                  <Checkbox key={value} value={value} label={`${label}が未入力`} />
                ))}
              </Group>
            </Checkbox.Group>
          </Paper>
          {enabledOptions.length > 0 && (
            <Paper withBorder p="md" radius="md" bg="white">
              <Title order={2} fz={16} mb="sm">
                ユーザー定義の項目
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {enabledOptions.map((o) => (
                  <TextInput key={o.id} label={o.name} {...form.register(`options.${o.id}`)} />
                ))}
              </SimpleGrid>
            </Paper>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(-1)}>
              キャンセル
            </Button>
            <Button type="submit">この条件で検索</Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
