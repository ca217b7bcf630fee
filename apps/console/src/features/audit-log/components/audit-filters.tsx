import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  MultiSelect,
  Paper,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  AUDIT_CATEGORIES,
  AUDIT_CATEGORIES_BUT_AUTH,
  AUDIT_TARGET_TYPES,
  normalizeEmailInput,
  type TAuditTargetType,
} from '@cloudsign/contract';
import { filterKeyOf, type AuditFilter } from '../lib/filter.ts';
import { parseDay } from '../../../lib/parse-day.ts';

const CATEGORY_OPTIONS = Object.entries(AUDIT_CATEGORIES).map(([value, label]) => ({
  value,
  label,
}));
/** The URL keeps the chosen categories as one value, `member,bulk`, as the API reads them. */
const categoriesOf = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);
const categoryValue = (list: readonly string[]) => (list.length > 0 ? list.join(',') : undefined);
type Errors = Partial<Record<'from' | 'to' | 'actorEmail', string>>;

/**
 * The viewer's filters. Period, actor's email, category and keyword are typed here; a member or document
 * chosen elsewhere (「この人の操作履歴」, 「この書類の履歴」) shows as a chip that can be removed.
 */
export function AuditFilters({
  filter,
  actorName,
  targetName,
  onChange,
}: {
  filter: AuditFilter;
  actorName?: string;
  targetName?: string;
  onChange: (f: AuditFilter) => void;
}) {
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [actorEmail, setActorEmail] = useState(filter.actorEmail ?? '');
  const [categories, setCategories] = useState<string[]>(categoriesOf(filter.category));
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const [errors, setErrors] = useState<Errors>({});
  // The fields follow the URL (a chip removed, the back button, a pre-filtered link) without remounting
  // the form: state adjusted during render when the conditions it was set from change. Conditions this form
  // sent itself are not written back: the URL settles after the person may have typed on, and that text stays.
  const filterKey = filterKeyOf(filter);
  const [shownKey, setShownKey] = useState(filterKey);
  const [sentKey, setSentKey] = useState<string | null>(null);
  const send = (next: AuditFilter) => {
    setSentKey(filterKeyOf(next));
    onChange(next);
  };
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setSentKey(null);
  }
  if (shownKey !== filterKey && filterKey !== sentKey) {
    setFrom(filter.from ?? '');
    setTo(filter.to ?? '');
    setActorEmail(filter.actorEmail ?? '');
    setCategories(categoriesOf(filter.category));
    setKeyword(filter.keyword ?? '');
    setErrors({});
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const f = parseDay(from, '期間（開始）');
    const t = parseDay(to, '期間（終了）');
    const email = actorEmail.trim() ? normalizeEmailInput(actorEmail) : null;
    const next: Errors = {
      from: f.error,
      to:
        t.error ??
        (f.value && t.value && f.value > t.value
          ? '期間の終了は開始と同じか後の日付にしてください。'
          : undefined),
      actorEmail:
        email && (!email.ok || !email.value.includes('@'))
          ? 'メールアドレスを半角で正しく入力してください。'
          : undefined,
    };
    setErrors(next);
    if (next.from || next.to || next.actorEmail) return;
    if (f.value) setFrom(f.value);
    if (t.value) setTo(t.value);
    if (email?.ok) setActorEmail(email.value);
    send({
      ...filter,
      from: f.value,
      to: t.value,
      actorEmail: email?.ok ? email.value : undefined,
      category: categoryValue(categories),
      keyword: keyword.trim() || undefined,
    });
  };

  const clear = () => {
    setFrom('');
    setTo('');
    setActorEmail('');
    setCategories([]);
    setKeyword('');
    setErrors({});
    send({});
  };

  const targetLabel = filter.targetType
    ? (AUDIT_TARGET_TYPES[filter.targetType as TAuditTargetType] ?? filter.targetType)
    : '';

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="絞り込み">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="期間（開始）"
            placeholder="2026/11/1"
            description="日本時間"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={errors.from}
            w={170}
          />
          <TextInput
            label="期間（終了）"
            placeholder="2026/11/30"
            description="この日を含む"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={errors.to}
            w={170}
          />
          <TextInput
            label="操作したメンバー"
            placeholder="メールアドレス"
            description="ログインに使うアドレス"
            value={actorEmail}
            onChange={(e) => setActorEmail(e.currentTarget.value)}
            error={errors.actorEmail}
            w={240}
          />
          <MultiSelect
            label="操作の種類"
            description="いくつでも選べます"
            placeholder={categories.length === 0 ? 'すべて' : undefined}
            data={CATEGORY_OPTIONS}
            value={categories}
            onChange={setCategories}
            clearable
            w={280}
          />
          <TextInput
            label="キーワード"
            description="対象の名前（メンバー・書類など）"
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
            w={220}
          />
        </Group>
        {(filter.actorId || filter.targetId) && (
          <Group gap="xs">
            {filter.actorId && (
              <Badge
                variant="light"
                size="lg"
                tt="none"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label="操作したメンバーの指定を外す"
                    onClick={() => send({ ...filter, actorId: undefined })}
                  />
                }
              >
                操作したメンバー: {actorName || filter.actorId}
              </Badge>
            )}
            {filter.targetId && (
              <Badge
                variant="light"
                color="grape"
                size="lg"
                tt="none"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label="対象の指定を外す"
                    onClick={() => send({ ...filter, targetType: undefined, targetId: undefined })}
                  />
                }
              >
                対象{targetLabel ? `（${targetLabel}）` : ''}: {targetName || filter.targetId}
              </Badge>
            )}
          </Group>
        )}
        <Group gap="xs">
          <Button type="submit">絞り込む</Button>
          <Button variant="default" onClick={clear}>
            条件をクリア
          </Button>
          {/* The sign-ins outnumber every other event: hiding them is the first thing an auditor does. */}
          <Button
            variant="light"
            ml="auto"
            onClick={() => {
              setCategories([...AUDIT_CATEGORIES_BUT_AUTH]);
              send({ ...filter, category: categoryValue(AUDIT_CATEGORIES_BUT_AUTH) });
            }}
          >
            ログイン・認証を除く
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
