import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { TAccessReason } from '@cloudsign/contract';
import { useReadableCabinets } from '../api/readable-cabinets.ts';

const reasonLabel = (r: TAccessReason) =>
  r.kind === 'company_admin'
    ? '組織管理権限'
    : r.kind === 'cabinet_admin'
      ? 'キャビネット管理者'
      : `グループ「${r.group.name}」`;

/** Which cabinets the member may read, and through what (the cabinets area's `cabinets_read_document`). */
export function ReadableCabinets({ memberId }: { memberId: string }) {
  const cabinets = useReadableCabinets(memberId);
  if (cabinets.isPending) return <Loader size="xs" aria-label="読み込み中" />;
  if (cabinets.isError)
    return (
      <Text size="sm" c="red">
        {cabinets.error.message}
      </Text>
    );
  if (cabinets.data.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4} mt={4} data-testid="readable-cabinets">
      {cabinets.data.map((c) => (
        <Group key={c.id} gap={6} wrap="wrap">
          <Text size="sm">{c.name}</Text>
          {c.reasons.map((r, i) => (
            <Badge key={i} size="xs" variant="light" color="gray">
              {reasonLabel(r)}
            </Badge>
          ))}
        </Group>
      ))}
    </Stack>
  );
}
