import { Select, TextInput } from '@mantine/core';
import {
  MEMBER_SIGN_IN_FILTER_LABELS,
  MEMBER_SIGN_IN_FILTERS,
  MEMBER_SOURCE_LABELS,
  MEMBER_SOURCES,
  MEMBER_STATUS_LABELS,
  MEMBER_STATUSES,
  ROLES,
  ROLE_LABELS,
  type TMemberBulkFilters,
} from '@cloudsign/contract';
import { useMemberGroupList } from '../../../lib/shared-reads/member-groups.ts';

/** Which members a generated file holds: the member list's conditions, as fields. */
export function MemberFileFilters({
  filters,
  onChange,
}: {
  filters: TMemberBulkFilters;
  onChange: (filters: TMemberBulkFilters) => void;
}) {
  const groups = useMemberGroupList({ type: 'user' });
  return (
    <>
      <TextInput
        label="キーワード（氏名・メールアドレス・所属）"
        value={filters.keyword ?? ''}
        onChange={(e) => onChange({ ...filters, keyword: e.currentTarget.value || undefined })}
      />
      <Select
        label="メンバーグループ"
        clearable
        placeholder="すべて"
        data={(groups.data?.memberGroups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        value={filters.groupId ?? null}
        onChange={(v) => onChange({ ...filters, groupId: v ?? undefined })}
      />
      <Select
        label="権限"
        clearable
        placeholder="すべて"
        data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        value={filters.role ?? null}
        onChange={(v) =>
          onChange({ ...filters, role: (v ?? undefined) as TMemberBulkFilters['role'] })
        }
      />
      <Select
        label="状態"
        clearable
        placeholder="すべて"
        data={MEMBER_STATUSES.map((s) => ({
          value: String(s),
          label: MEMBER_STATUS_LABELS[s] ?? '',
        }))}
        value={filters.status === undefined ? null : String(filters.status)}
        onChange={(v) =>
          onChange({
            ...filters,
            status: v === null ? undefined : (Number(v) as 0 | 1 | 2 | 3),
          })
        }
      />
      <Select
        label="2要素認証"
        clearable
        placeholder="すべて"
        data={[
          { value: '1', label: '有効' },
          { value: '2', label: '無効' },
        ]}
        value={filters.mfa === undefined ? null : String(filters.mfa)}
        onChange={(v) =>
          onChange({ ...filters, mfa: v === null ? undefined : (Number(v) as 1 | 2) })
        }
      />
      <Select
        label="最終ログイン"
        clearable
        placeholder="すべて"
        data={MEMBER_SIGN_IN_FILTERS.map((value) => ({
          value,
          label: MEMBER_SIGN_IN_FILTER_LABELS[value],
        }))}
        value={filters.signIn ?? null}
        onChange={(v) =>
          onChange({
            ...filters,
            signIn: (v ?? undefined) as TMemberBulkFilters['signIn'],
          })
        }
      />
      <Select
        label="作成元"
        clearable
        placeholder="すべて"
        data={MEMBER_SOURCES.map((value) => ({ value, label: MEMBER_SOURCE_LABELS[value] }))}
        value={filters.source ?? null}
        onChange={(v) =>
          onChange({
            ...filters,
            source: (v ?? undefined) as TMemberBulkFilters['source'],
          })
        }
      />
    </>
  );
}
