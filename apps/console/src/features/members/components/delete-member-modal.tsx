import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, List, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import {
  BULK_STATUS_LABELS,
  type TMemberDetail,
  type TMemberHoldings,
  memberLabel,
} from '@cloudsign/contract';
import { useDeleteMember } from '../api/delete-member.ts';
import { useMemberHoldings } from '../api/member-holdings.ts';
import { membersQuery } from '../api/find-members.ts';

type Props = {
  opened: boolean;
  member: TMemberDetail;
  onClose: () => void;
  onDeleted: () => void;
};

/**
 * メンバーを削除 (offboarding): what the member holds, read before anything is done, and the successor (移管先)
 * who takes over their cabinets and documents. Deleting is offered only once a successor is chosen when one
 * is needed.
 */
export function DeleteMemberModal({ opened, member, onClose, onDeleted }: Props) {
  const holdings = useMemberHoldings(member.id, opened);
  const remove = useDeleteMember();
  const [successorId, setSuccessorId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = memberLabel(member);
  const h = holdings.data;
  const isBlocked = !h || (h.successorRequired && !successorId);

  const close = () => {
    setSuccessorId(null);
    setError(null);
    onClose();
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: member.id, successorId: successorId ?? undefined });
      setSuccessorId(null);
      setError(null);
      onDeleted();
    } catch (e) {
      setError(e instanceof Error ? e.message : '削除できませんでした。');
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="メンバーを削除" centered size="lg">
      <Stack>
        <Text size="sm">
          「{label}」（{member.email}
          ）を削除します。このメンバーはログインできなくなります。
        </Text>
        {holdings.isPending && <Loader size="sm" aria-label="保有しているものを読み込み中" />}
        {holdings.isError && (
          <Alert color="red">
            保有しているものを読み込めませんでした。{holdings.error.message}
          </Alert>
        )}
        {h && <HoldingsSummary holdings={h} />}
        {h && (h.cabinets.length > 0 || h.documents > 0) && (
          <SuccessorSelect
            excludeId={member.id}
            value={successorId}
            onChange={setSuccessorId}
            isRequired={h.successorRequired}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            キャンセル
          </Button>
          <Button
            color="red"
            disabled={isBlocked}
            loading={remove.isPending}
            onClick={() => void confirm()}
          >
            {successorId ? '移管して削除する' : '削除する'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function HoldingsSummary({ holdings: h }: { holdings: TMemberHoldings }) {
  const isEmpty =
    h.cabinets.length === 0 &&
    h.groups.length === 0 &&
    h.documents === 0 &&
    h.pendingBulkRuns.length === 0;
  if (isEmpty) return <Text size="sm">このメンバーが管理・所有しているものはありません。</Text>;
  return (
    <Stack gap="xs" data-testid="member-holdings">
      {h.cabinets.length > 0 && (
        <div>
          <Text size="sm" fw={700}>
            管理しているキャビネット（{h.cabinets.length}件）: 管理者の役割は移管先に移ります
          </Text>
          <List size="sm">
            {h.cabinets.map((c) => (
              <List.Item key={c.id}>
                {c.name}
                {c.otherAdmins === 0
                  ? '（ほかに管理者がいません）'
                  : `（ほかの管理者 ${c.otherAdmins}人）`}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {h.documents > 0 && (
        <Text size="sm">
          送信・インポートした書類: {h.documents}件（移管先が送信者として引き継ぎます）
        </Text>
      )}
      {h.groups.length > 0 && (
        <Text size="sm">
          所属しているメンバーグループ: {h.groups.map((g) => g.name).join('、')}
          （削除するとグループから外れます）
        </Text>
      )}
      {h.pendingBulkRuns.length > 0 && (
        <Text size="sm">
          実行前・実行中の一括処理: {h.pendingBulkRuns.length}件（
          {h.pendingBulkRuns.map((r) => BULK_STATUS_LABELS[r.status] ?? '').join('、')}
          ）。削除後も処理は続きます。
        </Text>
      )}
    </Stack>
  );
}

function SuccessorSelect({
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
  const members = useQuery(membersQuery({ page: 1, keyword, sort: 'name' }));
  const data = (members.data?.members ?? [])
    // A deactivated member cannot take anything over (the server says so too).
    .filter((m) => m.id !== excludeId && m.status !== 3)
    .map((m) => ({ value: m.id, label: m.name ? `${m.name}（${m.email}）` : m.email }));
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
