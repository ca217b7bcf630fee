import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { EntityType, type TCabinet } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { useCabinets } from '../api/find-cabinets.ts';
import { useFileDocuments } from '../api/file-documents.ts';

export type FileKind = 'move' | 'copy' | 'remove';

const TITLES: Record<FileKind, string> = {
  move: '別のキャビネットへ移動',
  copy: '別のキャビネットへコピー',
  remove: 'このキャビネットから外す',
};

/** Move (link there, unlink here), copy (link there) or remove (unlink here) the selected documents. */
export function FileDocumentsModal({
  cabinet,
  kind,
  documentIds,
  onClose,
  onDone,
}: {
  cabinet: TCabinet;
  kind: FileKind | null;
  documentIds: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const cabinets = useCabinets();
  const file = useFileDocuments();
  const alert = useAlert('content');
  const [target, setTarget] = useState<string | null>(null);
  const targets = (cabinets.data?.cabinets ?? []).filter(
    (c) => c.type === EntityType.User && c.isAdmin && c.id !== cabinet.id,
  );
  const count = documentIds.length.toLocaleString('ja-JP');

  const run = async () => {
    if (!kind) return;
    try {
      if (kind === 'remove') {
        const res = await file.mutateAsync({ kind, from: cabinet.id, documentIds });
        alert.open(
          `${res.unlinked.toLocaleString('ja-JP')} 件の書類をこのキャビネットから外しました。`,
        );
      } else if (target) {
        const to = targets.find((c) => c.id === target)?.name ?? '';
        await file.mutateAsync({ kind, from: cabinet.id, to: target, documentIds });
        alert.open(
          `${count} 件の書類を「${to}」へ${kind === 'move' ? '移動' : 'コピー'}しました。`,
        );
      }
      setTarget(null);
      onDone();
    } catch (error) {
      alert.open({
        message: error instanceof Error ? error.message : '処理できませんでした。',
        type: 'error',
      });
      onClose();
    }
  };

  return (
    <Modal opened={kind !== null} onClose={onClose} title={kind ? TITLES[kind] : ''} centered>
      {kind && (
        <Stack>
          {kind === 'remove' ? (
            <Text>
              選択した {count} 件の書類を「{cabinet.name}
              」から外します。書類は「すべての書類」に残ります。
            </Text>
          ) : (
            <>
              <Text>
                選択した {count} 件の書類を
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
              {kind === 'move' ? '移動する' : kind === 'copy' ? 'コピーする' : '外す'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
