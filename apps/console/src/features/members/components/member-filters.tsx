import { Group, Select, Switch } from '@mantine/core';
import { rolesShownFor, type TMemberListQuery } from '@cloudsign/contract';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useMemberGroupList } from '../../../lib/shared-reads/member-groups.ts';
import {
  MFA_OPTIONS,
  SIGN_IN_OPTIONS,
  SORT_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  roleOptionsFor,
} from '../lib/labels.ts';
import { MemberKeywordSearch } from './member-keyword-search.tsx';

type Props = { query: TMemberListQuery; onChange: (patch: Partial<TMemberListQuery>) => void };

/** Search box and filters; every value goes to the URL, so a link reproduces the list. */
export function MemberFilters({ query, onChange }: Props) {
  const groups = useMemberGroupList();
  const me = useCurrentUser();
  const groupOptions = (groups.data?.memberGroups ?? []).map((g) => ({
    value: g.id,
    label: g.name,
  }));
  const num = (v: string | null) => (v === null ? undefined : Number(v));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MemberKeywordSearch query={query} onChange={onChange} />
      <Select
        label="メンバーグループ"
        placeholder="すべて"
        data={groupOptions}
        value={query.groupId ?? null}
        onChange={(v) => onChange({ groupId: v ?? undefined })}
        clearable
        searchable
        w={180}
      />
      <Select
        label="権限"
        placeholder="すべて"
        data={roleOptionsFor(rolesShownFor(me))}
        value={query.role ?? null}
        onChange={(v) => onChange({ role: (v ?? undefined) as TMemberListQuery['role'] })}
        clearable
        w={170}
      />
      <Select
        label="状態"
        placeholder="すべて"
        data={STATUS_OPTIONS}
        value={query.status === undefined ? null : String(query.status)}
        onChange={(v) => onChange({ status: num(v) as TMemberListQuery['status'] })}
        clearable
        w={170}
      />
      <Select
        label="2要素認証"
        placeholder="すべて"
        data={MFA_OPTIONS}
        value={query.mfa === undefined ? null : String(query.mfa)}
        onChange={(v) => onChange({ mfa: num(v) as TMemberListQuery['mfa'] })}
        clearable
        w={170}
      />
      <Select
        label="最終ログイン"
        placeholder="すべて"
        data={SIGN_IN_OPTIONS}
        value={query.signIn ?? null}
        onChange={(v) => onChange({ signIn: (v ?? undefined) as TMemberListQuery['signIn'] })}
        clearable
        w={260}
      />
      <Select
        label="作成元"
        placeholder="すべて"
        data={SOURCE_OPTIONS}
        value={query.source ?? null}
        onChange={(v) => onChange({ source: (v ?? undefined) as TMemberListQuery['source'] })}
        clearable
        w={130}
      />
      <Select
        label="並び順"
        data={SORT_OPTIONS}
        value={query.sort ?? 'name'}
        onChange={(v) => onChange({ sort: (v ?? 'name') as TMemberListQuery['sort'] })}
        allowDeselect={false}
        w={190}
      />
      <Switch
        label="すべて表示"
        checked={query.page === -1}
        onChange={(e) => onChange({ page: e.currentTarget.checked ? -1 : undefined })}
        mb={8}
      />
    </Group>
  );
}
