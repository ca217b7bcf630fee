import { Badge, CloseButton, Group, Text } from '@mantine/core';
import {
  AUTO_UPDATE_LABELS,
  DOCUMENT_BLANK_LABELS,
  DOCUMENT_DATE_KEYS,
  DOCUMENT_STATUS_LABELS,
  type TDocumentListQuery,
} from '@cloudsign/contract';
import { useAttributeOptions } from '../api/attribute-options.ts';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import { parseOptions, type ListQuery } from '../lib/list-query.ts';

const DATE_LABELS: Record<(typeof DOCUMENT_DATE_KEYS)[number], string> = {
  contractAt: '契約締結日',
  validityStartAt: '契約開始日',
  validityEndAt: '契約終了日',
  validityEndNoticeAt: '解約通知期限',
  sentAt: '送信日',
};

type Chip = { key: string; label: string; remove: Partial<TDocumentListQuery> };

const day = (v: string | undefined) => (v ? v.replaceAll('-', '/') : '');
const yen = (v: number | undefined) => (v === undefined ? '' : `${v.toLocaleString('ja-JP')}円`);
/** `a〜b`, or the one value when both ends are the same (a day or an amount typed in the keyword box). */
const range = (from: string, to: string) => (from !== '' && from === to ? from : `${from}〜${to}`);

/** Every active condition of the list as words, each with what removing it clears. */
export function conditionChips(
  q: ListQuery,
  names: { cabinets: ReadonlyMap<string, string>; options: ReadonlyMap<string, string> },
): Chip[] {
  const chips: Chip[] = [];
  if (q.keyword)
    chips.push({
      key: 'keyword',
      label: `キーワード: ${q.keyword}`,
      remove: { keyword: undefined },
    });
  const statuses = q.status ? q.status.split(',') : [];
  for (const s of statuses) {
    const rest = statuses.filter((x) => x !== s);
    chips.push({
      key: `status-${s}`,
      label: `ステータス: ${DOCUMENT_STATUS_LABELS[Number(s)] ?? s}`,
      remove: { status: rest.length > 0 ? rest.join(',') : undefined },
    });
  }
  if (q.cabinetId)
    chips.push({
      key: 'cabinet',
      label: `キャビネット: ${names.cabinets.get(q.cabinetId) ?? '—'}`,
      remove: { cabinetId: undefined },
    });
  if (q.sender)
    chips.push({ key: 'sender', label: `送信者: ${q.sender}`, remove: { sender: undefined } });
  if (q.localId)
    chips.push({ key: 'localId', label: `管理番号: ${q.localId}`, remove: { localId: undefined } });
  if (q.counterparty)
    chips.push({
      key: 'counterparty',
      label: `取引先${q.counterpartyMatch === 'exact' ? '（完全一致）' : ''}: ${q.counterparty}`,
      remove: { counterparty: undefined, counterpartyMatch: undefined },
    });
  const blanks = q.blank ? q.blank.split(',') : [];
  for (const b of blanks) {
    const rest = blanks.filter((x) => x !== b);
    chips.push({
      key: `blank-${b}`,
      label: `${DOCUMENT_BLANK_LABELS[b as keyof typeof DOCUMENT_BLANK_LABELS] ?? b}: 未入力`,
      remove: { blank: rest.length > 0 ? rest.join(',') : undefined },
    });
  }
  for (const k of DOCUMENT_DATE_KEYS) {
    const from = q[`${k}From`];
    const to = q[`${k}To`];
    if (from || to)
      chips.push({
        key: k,
        label: `${DATE_LABELS[k]}: ${range(day(from), day(to))}`,
        remove: { [`${k}From`]: undefined, [`${k}To`]: undefined },
      });
  }
  if (q.amountFrom !== undefined || q.amountTo !== undefined)
    chips.push({
      key: 'amount',
      label: `取引金額: ${range(yen(q.amountFrom), yen(q.amountTo))}`,
      remove: { amountFrom: undefined, amountTo: undefined },
    });
  if (q.autoUpdate !== undefined)
    chips.push({
      key: 'autoUpdate',
      label: `自動更新の有無: ${AUTO_UPDATE_LABELS[q.autoUpdate] ?? q.autoUpdate}`,
      remove: { autoUpdate: undefined },
    });
  const options = parseOptions(q.options);
  for (const [id, value] of Object.entries(options)) {
    const rest = Object.fromEntries(Object.entries(options).filter(([k]) => k !== id));
    chips.push({
      key: `option-${id}`,
      label: `${names.options.get(id) ?? '項目'}: ${value}`,
      remove: { options: Object.keys(rest).length > 0 ? JSON.stringify(rest) : undefined },
    });
  }
  return chips;
}

/** The list's active conditions as removable chips (× removes one; 条件をクリア beside the search clears all). */
export function ConditionChips({
  query,
  onRemove,
}: {
  query: ListQuery;
  onRemove: (patch: Partial<TDocumentListQuery>) => void;
}) {
  const cabinets = useCabinetChoices();
  const options = useAttributeOptions();
  const chips = conditionChips(query, {
    cabinets: new Map((cabinets.data ?? []).map((c) => [c.id, c.name])),
    options: new Map((options.data ?? []).map((o) => [o.id.toLowerCase(), o.name])),
  });
  if (chips.length === 0) return null;
  return (
    <Group gap={6} mt="sm" aria-label="検索条件" role="list" data-testid="condition-chips">
      <Text size="xs" c="dimmed">
        検索条件:
      </Text>
      {chips.map((c) => (
        <Badge
          key={c.key}
          role="listitem"
          size="lg"
          variant="light"
          color="gray"
          tt="none"
          fw={500}
          data-testid="condition-chip"
          rightSection={
            <CloseButton
              size="xs"
              onClick={() => onRemove({ ...c.remove, page: 1 })}
              aria-label={`条件「${c.label}」を外す`}
            />
          }
        >
          {c.label}
        </Badge>
      ))}
    </Group>
  );
}
