import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import type { TMemberListQuery } from '@cloudsign/contract';

/** The list's conditions a member file can be asked for with (ZMemberBulkFilters). */
const FILE_FILTER_KEYS = [
  'keyword',
  'groupId',
  'role',
  'status',
  'mfa',
  'signIn',
  'source',
] as const;

/**
 * A file page with the list's conditions (its filters read them from the URL): the export, or the edit template
 * for 一括編集 — asked for as a deactivation file for 利用停止.
 */
function fileHref(base: string, q: TMemberListQuery, extra: Record<string, string> = {}) {
  const search = new URLSearchParams();
  for (const key of FILE_FILTER_KEYS) {
    const value = q[key];
    if (value !== undefined) search.set(key, String(value));
  }
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  const s = search.toString();
  return `${base}${s ? `?${s}` : ''}`;
}
const EXPORT_PAGE = '/company/members/export';
const EDIT_TEMPLATE_PAGE = '/company/members/bulk_edit/csv_template';

const isNarrowed = (q: TMemberListQuery) => FILE_FILTER_KEYS.some((key) => q[key] !== undefined);

/** Files of the listed members: their export, and for a narrowed list its 一括編集 and 利用停止 templates. */
export function MemberFileLinks({ query, total }: { query: TMemberListQuery; total: number }) {
  return (
    <>
      {/* The export page starts from these conditions: the file holds the members listed here. */}
      {total > 0 && (
        <Anchor
          component={Link}
          to={fileHref(EXPORT_PAGE, query)}
          size="sm"
          data-testid="export-listed"
        >
          この{total.toLocaleString('ja-JP')}名をエクスポート
        </Anchor>
      )}
      {/* A narrowed set (e.g. 90日以上ログインしていない) can be edited or stopped as a whole. */}
      {total > 0 && isNarrowed(query) && (
        <>
          <Anchor
            component={Link}
            to={fileHref(EDIT_TEMPLATE_PAGE, query)}
            size="sm"
            data-testid="edit-listed"
          >
            一括編集
          </Anchor>
          <Anchor
            component={Link}
            to={fileHref(EDIT_TEMPLATE_PAGE, query, { deactivate: '1' })}
            size="sm"
            data-testid="deactivate-listed"
          >
            利用停止
          </Anchor>
        </>
      )}
    </>
  );
}
