import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { EntityType, type TCabinet } from '@cloudsign/contract';
import { AlertArea, AlertScope, useAlert } from '../../../components/alerts/index.ts';
import { useCabinets } from '../api/find-cabinets.ts';
import { useFileDocuments, type DocumentSelection } from '../api/file-documents.ts';

export type FileKind = 'move' | 'copy' | 'remove';

const TITLES: Record<FileKind, string> = {
  move: '別のキャビネットへ移動',
  copy: '別のキャビネットへコピー',
  remove: 'このキャビネットから外す',
};

/**
 * Move (link there, unlink here), copy (link there) or remove (unlink here) the selected documents: `count`
 * of them, the ids or every match of the list's condition (`estimated`: the list's total is a lower bound).
 */
type Props = {
  cabinet: TCabinet;
  kind: FileKind | null;
  selection: DocumentSelection;
  count: number;
  estimated?: boolean;
  onClose: () => void;
  onDone: () => void;
};

/** One dialog per opening (keyed by the kind): a failure it shows never reopens with the next one. */
export function FileDocumentsModal(props: Props) {
  return (
    <AlertScope area="dialog" key={props.kind ?? 'closed'}>
      <FileDocumentsDialog {...props} />
    </AlertScope>
  );
}

function FileDocumentsDialog({
  cabinet,
  kind,
  selection,
  count: selectedCount,
  estimated = false,
  onClose,
  onDone,
}: Props) {
  const cabinets = useCabinets();
  const file = useFileDocuments();
  const alert = useAlert('content');
  const failed = useAlert('dialog');
  const [target, setTarget] = useState<string | null>(null);
  const targets = (cabinets.data?.cabinets ?? []).filter(
    (c) => c.type === EntityType.User && c.isAdmin && c.id !== cabinet.id,
  );
  const byCondition = 'conditions' in selection;
  const count = `${selectedCount.toLocaleString('ja-JP')}件${estimated ? '以上' : ''}`;
  const which = byCondition ? `この条件に一致する${count}の書類` : `選択した${count}の書類`;
  const n = (v: number) => `${v.toLocaleString('ja-JP')}件`;

  const run = async () => {
    if (!kind) return;
    try {
      if (kind === 'remove') {
        const res = await file.mutateAsync({ kind, from: cabinet.id, selection });
        alert.open(`${n(res.unlinked)}の書類をこのキャビネットから外しました。`);
      } else if (target) {
        const to = targets.find((c) => c.id === target)?.name ?? '';
        const res = await file.mutateAsync({ kind, from: cabinet.id, to: target, selection });
        // By condition the server counted: a move the links taken out of here, a copy the links added
        // there (documents already there are not counted twice).
        const done = byCondition ? n(kind === 'move' ? res.unlinked : res.linked) : count;
        alert.open(`${done}の書類を「${to}」へ${kind === 'move' ? '移動' : 'コピー'}しました。`);
      }
      setTarget(null);
      onDone();
    } catch (error) {
      // The dialog stays open with the reason: the admin can pick another cabinet or cancel.
      failed.open({
        message: error instanceof Error ? error.message : '処理できませんでした。',
        type: 'error',
      });
    }
  };

  return (
    <Modal opened={kind !== null} onClose={onClose} title={kind ? TITLES[kind] : ''} centered>
      {kind && (
        <Stack>
          <AlertArea area="dialog" />
          {kind === 'remove' ? (
            <Text>
              {which}を「{cabinet.name}」から外します。書類は「すべての書類」に残ります。
            </Text>
          ) : (
            <>
              <Text>
                {which}を
                {kind === 'move'
                  ? `「${cabinet.name}」から移動します。`
                  : '、このキャビネットに残したまま追加します。'}
              </Text>
              <Select
                label={kind === 'move' ? '移動先のキャビネット' : 'コピー先のキャビネット'}
                placeholder={
                  targets.length === 0
                    ? '管理しているキャビネットがありません'
                    : 'キャビネットを選択'
                }
                data={targets.map((c) => ({ value: c.id, label: c.name }))}
                value={target}
                onChange={setTarget}
                searchable
                nothingFoundMessage="該当するキャビネットはありません"
                comboboxProps={{ withinPortal: true }}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button
              color={kind === 'remove' ? 'red' : undefined}
              disabled={kind !== 'remove' && !target}
              loading={file.isPending}
              onClick={() => void run()}
            >
              {`${count}を${kind === 'move' ? '移動する' : kind === 'copy' ? 'コピーする' : '外す'}`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
