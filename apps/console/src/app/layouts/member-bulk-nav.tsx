import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NavItems } from './global-nav.tsx';

/** The two-column pages' left sub-navigation (spec §2 member bulk routes). */
export const MEMBER_BULK_NAV_ITEMS = [
  { label: '一括追加', to: '/company/members/bulk_add', start: '/company/members/bulk_add/upload' },
  {
    label: '一括編集',
    to: '/company/members/bulk_edit',
    start: '/company/members/bulk_edit/upload',
  },
  {
    label: '一括削除',
    to: '/company/members/bulk_delete',
    start: '/company/members/bulk_delete/upload',
  },
  {
    label: '一括操作の履歴',
    to: '/company/members/bulk_manipulations',
    start: '/company/members/bulk_manipulations',
  },
  { label: 'エクスポート', to: '/company/members/export', start: '/company/members/export' },
] as const;

// Items link to their start page but stay highlighted on every page of their flow (previews, templates).
const ITEMS = MEMBER_BULK_NAV_ITEMS.map((item) => ({
  label: item.label,
  to: item.start,
  match: item.to,
}));

export function MemberBulkNav() {
  return (
    <div>
      {/* Every bulk page leads back to the list it belongs to (the export page has no global navigation). */}
      <Anchor component={Link} to="/company/members" size="sm" display="block" px={12} mb="md">
        ‹ メンバー一覧に戻る
      </Anchor>
      <Text size="xs" fw={700} c="dimmed" mb={6} px={12}>
        メンバーの一括操作
      </Text>
      <NavItems label="メンバーの一括操作" items={ITEMS} />
    </div>
  );
}
