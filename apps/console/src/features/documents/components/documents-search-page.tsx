import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AUTO_UPDATE_LABELS,
  DOCUMENT_BLANK_LABELS,
  DOCUMENT_DATE_KEYS,
  DOCUMENT_STATUS_LABELS,
  parseAmountInput,
  parseDateInput,
  type TDocumentListQuery,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useAttributeOptions } from '../api/attribute-options.ts';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import { listSearch, parseOptions, useListQuery } from '../lib/list-query.ts';
import { toAmountField, toDateField } from '../lib/format.ts';

const DATE_LABELS: Record<(typeof DOCUMENT_DATE_KEYS)[number], string> = {
  contractAt: '契約締結日',
  validityStartAt: '契約開始日',
  validityEndAt: '契約終了日',
  validityEndNoticeAt: '解約通知期限',
  sentAt: '送信日',
};

type Values = Record<string, string> & {
  statuses: string[];
  blanks: string[];
  isCounterpartyExact: boolean;
  options: Record<string, string>;
};

const AMOUNT_KEYS: readonly string[] = ['amountFrom', 'amountTo'];
const DATE_FIELD_KEYS: readonly string[] = DOCUMENT_DATE_KEYS.flatMap((k) => [
  `${k}From`,
  `${k}To`,
]);

/** A condition of the list put back into its field: amounts and days as the list shows them (1,000,000, 2026/04/01). */
function toField(key: string, v: unknown): string {
  if (v === undefined) return '';
  if (AMOUNT_KEYS.includes(key)) return toAmountField(v as number);
  if (DATE_FIELD_KEYS.includes(key)) return toDateField(v as string);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

const DATE_HINT = '2026/4/1、2026-04-01、令和8年4月1日 のように入力してください。';
const AMOUNT_HINT = '1000000、1,000,000、1000000円 のように入力してください。';

/** Dates and amounts as typed (contract japanese-input.ts): the field and its message when one does not parse. */
function typedProblems(v: Values): [string, string][] {
  const out: [string, string][] = [];
  for (const k of DOCUMENT_DATE_KEYS)
    for (const [end, word] of [
      ['From', 'から'],
      ['To', 'まで'],
    ] as const) {
      const raw = v[`${k}${end}`] ?? '';
      if (raw.trim() === '') continue;
      const r = parseDateInput(raw);
      if (!r.ok)
        out.push([
          `${k}${end}`,
          r.reason === 'range'
            ? `${DATE_LABELS[k]}（${word}）に存在しない日付が入力されています。`
            : `${DATE_LABELS[k]}（${word}）は${DATE_HINT}`,
        ]);
    }
  for (const [k, label] of [
    ['amountFrom', '取引金額（円以上）'],
    ['amountTo', '取引金額（円以下）'],
  ] as const) {
    const raw = v[k] ?? '';
    if (raw.trim() !== '' && !parseAmountInput(raw).ok) out.push([k, `${label}は${AMOUNT_HINT}`]);
  }
  return out;
}

/** `/company/documents/search` (no global nav): every condition, back to the list with the normalised URL. */
export function DocumentsSearchPage() {
  usePageTitle();
  const navigate = useNavigate();
  const { query } = useListQuery();
  const cabinets = useCabinetChoices();
  const options = useAttributeOptions();
  const {
    status,
    blank,
    counterpartyMatch,
    options: optionJson,
    documentId: _open,
    page: _page,
    ...rest
  } = query;
  const form = useForm<Values>({
    defaultValues: {
      ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, toField(k, v)])),
      statuses: status ? status.split(',') : [],
      blanks: blank ? blank.split(',') : [],
      isCounterpartyExact: counterpartyMatch === 'exact',
      options: parseOptions(optionJson),
    } as Values,
  });

  const submit = form.handleSubmit((v) => {
    const problems = typedProblems(v);
    if (problems.length > 0) {
      for (const [k, message] of problems) form.setError(k, { message });
      return;
    }
    const { statuses, blanks, isCounterpartyExact, options: opts, ...fields } = v;
    const cleanOptions = Object.fromEntries(
      Object.entries(opts ?? {}).filter(([, x]) => x.trim() !== ''),
    );
    const next: Partial<TDocumentListQuery> = {
      ...(Object.fromEntries(
        Object.entries(fields).filter(([, x]) => x !== ''),
      ) as Partial<TDocumentListQuery>),
      status: statuses.length > 0 ? statuses.join(',') : undefined,
      blank: blanks.length > 0 ? blanks.join(',') : undefined,
      counterpartyMatch: isCounterpartyExact && fields.counterparty ? 'exact' : undefined,
      options: Object.keys(cleanOptions).length > 0 ? JSON.stringify(cleanOptions) : undefined,
      page: 1,
    };
    void navigate(`/company/documents${listSearch(next)}`);
  });

  return (
    <>
      <PageHeader
        title="書類の詳細検索"
        description="条件をすべて満たす書類を探します。文字の条件は部分一致で、全角・半角、大文字・小文字、ひらがな・カタカナ、旧字・異体字（髙と高など）を区別しません。日付は 2026/4/1 や 令和8年4月1日、金額は 1,000,000、1000000円 や 100万円 でも入力できます。"
      />
      <form onSubmit={(e) => void submit(e)} aria-label="書類の詳細検索">
        <Stack gap="md">
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
          {(options.data ?? []).filter((o) => o.isEnabled).length > 0 && (
            <Paper withBorder p="md" radius="md" bg="white">
              <Title order={2} fz={16} mb="sm">
                ユーザー定義の項目
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {(options.data ?? [])
                  .filter((o) => o.isEnabled)
                  .map((o) => (
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
