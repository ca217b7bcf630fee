import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from '@mantine/core';
import { memberOptionLabel } from '../../../lib/member-option.ts';
import { memberPickerQuery } from '../api/find-members.ts';

/** 移管先: the member search (first page, closest matches first), each option with 所属 and 状態. */
export function SuccessorSelect({
  excludeId,
  value,
  onChange,
  isRequired,
}: {
  excludeId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  isRequired: boolean;
}) {
  const [search, setSearch] = useState('');
  const [selectedLabel, setSelectedLabel] = useState('');
  // While the field shows the chosen member's label, list as for an empty search.
  const keyword = search && search !== selectedLabel ? search : undefined;
  const members = useQuery(memberPickerQuery(keyword));
  const data = (members.data?.members ?? [])
    // A deactivated member cannot take anything over (the server says so too).
    .filter((m) => m.id !== excludeId && m.status !== 3)
    .map((m) => ({ value: m.id, label: memberOptionLabel(m) }));
  return (
    <Select
      label="移管先"
      description="キャビネットの管理者の役割と書類を引き継ぐメンバー"
      placeholder="氏名またはメールアドレスで検索"
      searchable
      clearable
      required={isRequired}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id, option) => {
        setSelectedLabel(option?.label ?? '');
        onChange(id);
      }}
      nothingFoundMessage={members.isFetching ? '検索中…' : '該当するメンバーがいません'}
      filter={({ options }) => options}
    />
  );
}
