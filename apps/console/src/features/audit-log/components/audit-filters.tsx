import { Button, Group, MultiSelect, Paper, Stack, TextInput } from '@mantine/core';
import { AUDIT_CATEGORIES } from '@cloudsign/contract';
import type { AuditFilter } from '../lib/filter.ts';
import { useAuditFilterFields } from '../hooks/use-audit-filter-fields.ts';
import { AuditFilterChips } from './audit-filter-chips.tsx';

/** The conditions chosen elsewhere, shown as chips: a submit keeps them as the console's own does. */
const HIDDEN_KEYS = ['actorId', 'targetType', 'targetId'] as const;
const CATEGORY_OPTIONS = Object.entries(AUDIT_CATEGORIES).map(([value, label]) => ({
  value,
  label,
}));

/**
 * The viewer's filters. Period, actor's email, category and keyword are typed here; a member or document
 * chosen elsewhere (「この人の操作履歴」, 「この書類の履歴」) shows as a chip that can be removed.
 * A real GET form with the URL's own names: submitted before the console has taken the site's page over, it
 * loads the filtered log (the chips' conditions go along hidden), and the page reads its dates from the URL.
 */
export function AuditFilters({
  filter,
  actorName,
  targetName,
  latest,
  onChange,
}: {
  filter: AuditFilter;
  actorName?: string;
  targetName?: string;
  /** The filter last asked for, which the URL may not show yet (the filter shown when not given). */
  latest?: () => AuditFilter;
  onChange: (f: AuditFilter) => void;
}) {
  const { values, set, errors, submit, clear, excludeAuth, remove } = useAuditFilterFields(
    filter,
    onChange,
    latest,
  );

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      method="get"
      action="/company/audit_log"
      onSubmit={submit}
      aria-label="絞り込み"
    >
      {HIDDEN_KEYS.map((k) =>
        filter[k] ? <input key={k} type="hidden" name={k} value={filter[k]} /> : null,
      )}
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="期間（開始）"
            placeholder="2026/11/1"
            description="日本時間"
            name="from"
            value={values.from}
            onChange={(e) => set.from(e.currentTarget.value)}
            error={errors.from}
            w={170}
          />
          <TextInput
            label="期間（終了）"
            placeholder="2026/11/30"
            description="この日を含む"
            name="to"
            value={values.to}
            onChange={(e) => set.to(e.currentTarget.value)}
            error={errors.to}
            w={170}
          />
          <TextInput
            label="操作したメンバー"
            placeholder="メールアドレス"
            description="ログインに使うアドレス"
            name="actorEmail"
            value={values.actorEmail}
            onChange={(e) => set.actorEmail(e.currentTarget.value)}
            error={errors.actorEmail}
            w={240}
          />
          <MultiSelect
            label="操作の種類"
            description="いくつでも選べます"
            placeholder={values.categories.length === 0 ? 'すべて' : undefined}
            data={CATEGORY_OPTIONS}
            name="category"
            value={values.categories}
            onChange={set.categories}
            clearable
            w={280}
          />
          <TextInput
            label="キーワード"
            description="対象の名前（メンバー・書類など）"
            name="keyword"
            value={values.keyword}
            onChange={(e) => set.keyword(e.currentTarget.value)}
            w={220}
          />
        </Group>
        <AuditFilterChips
          filter={filter}
          actorName={actorName}
          targetName={targetName}
          onRemove={remove}
        />
        <Group gap="xs">
          <Button type="submit">絞り込む</Button>
          <Button variant="default" onClick={clear}>
            条件をクリア
          </Button>
          {/* The sign-ins outnumber every other event: hiding them is the first thing an auditor does. */}
          <Button variant="light" ml="auto" onClick={excludeAuth}>
            ログイン・認証を除く
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
