import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { Anchor, Badge, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import type { TDocumentAttributeUpdate } from '@cloudsign/contract';
import { useAttributeOptions } from '../api/attribute-options.ts';
import { formatBytes } from '../lib/format.ts';
import {
  AttributeFields,
  EMPTY_ATTRIBUTE_FORM,
  amountError,
  toAttributeUpdate,
  type AttributeFormValues,
} from './attribute-fields.tsx';

export type ImportItem = {
  key: string;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  progress: number;
  attributes: TDocumentAttributeUpdate | null;
  documentId?: string;
  error?: string;
};

const STATE: Record<ImportItem['state'], [string, string]> = {
  waiting: ['待機中', 'gray'],
  uploading: ['アップロード中', 'blue'],
  done: ['インポート済み', 'teal'],
  failed: ['エラー', 'red'],
};

/** One file: its state, progress, result or reason, and its optional 書類情報. */
export function ImportFileRow({
  item,
  isLocked,
  onAttributes,
  onRemove,
}: {
  item: ImportItem;
  isLocked: boolean;
  onAttributes: (a: TDocumentAttributeUpdate | null) => void;
  onRemove: () => void;
}) {
  const [isEditing, setEditing] = useState(false);
  const [label, color] = STATE[item.state];
  return (
    <Stack gap={4} data-testid="import-file" data-state={item.state}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge color={color} variant="light" radius="sm" tt="none">
            {label}
          </Badge>
          <Text size="sm" fw={600} lineClamp={1}>
            {item.file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(item.file.size)}
          </Text>
          {item.attributes && (
            <Badge variant="outline" color="gray" radius="sm" tt="none" size="sm">
              書類情報あり
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {item.state === 'done' && item.documentId && (
            <Anchor
              component={Link}
              to={`/company/documents?documentId=${item.documentId}`}
              size="sm"
            >
              書類を開く
            </Anchor>
          )}
          {!isLocked && (
            <>
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
                書類情報を入力
              </Button>
              <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove}>
                取り除く
              </Button>
            </>
          )}
        </Group>
      </Group>
      {item.state === 'uploading' && (
        <Progress value={item.progress * 100} size="sm" aria-label={`${item.file.name} の進捗`} />
      )}
      {item.state === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {item.error}
        </Text>
      )}
      <AttributesModal
        opened={isEditing}
        fileName={item.file.name}
        onClose={() => setEditing(false)}
        onSave={(a) => (onAttributes(a), setEditing(false))}
      />
    </Stack>
  );
}

function AttributesModal({
  opened,
  fileName,
  onClose,
  onSave,
}: {
  opened: boolean;
  fileName: string;
  onClose: () => void;
  onSave: (a: TDocumentAttributeUpdate) => void;
}) {
  const options = useAttributeOptions();
  const form = useForm<AttributeFormValues>({ defaultValues: EMPTY_ATTRIBUTE_FORM });
  const submit = form.handleSubmit((v) => {
    const bad = amountError(v);
    if (bad) return form.setError('amount', { message: bad });
    onSave(toAttributeUpdate(v, options.data ?? []));
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`書類情報: ${fileName}`} size="lg">
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <AttributeFields
            register={form.register}
            control={form.control}
            errors={form.formState.errors}
            options={options.data ?? []}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button type="submit">この内容で設定</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
