import { useCallback, useRef } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { MEMBER_PAGE_SIZE, type TMemberListQuery } from '@cloudsign/contract';
import { PastLastPage } from '../../../components/page/past-last-page.tsx';
import { LinkPagination } from '../../../components/page/link-pagination.tsx';
import { VirtualList } from '../../../components/virtual-list/index.ts';
import { useMembers } from '../api/find-members.ts';
import { memberListHref } from '../lib/list-query.ts';
import { MEMBER_ROW_HEIGHT, MemberRow } from './member-row.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { useScrollToTopOnChange } from '../../../lib/scroll-to-top.ts';
import { staleRowsProps } from '../../../lib/stale-rows.ts';

type Props = {
  query: TMemberListQuery;
  onPage: (page: number) => void;
};

const LIST_HEIGHT = 'calc(100vh - 330px)';

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

/** The list panel: 50 a page, or every member in a virtual list when page=-1. */
export function MemberList({ query, onPage }: Props) {
  const members = useMembers(query);
  const scroller = useRef<HTMLDivElement | null>(null);
  // Stable, so the list's ref is not detached and attached again on every render while scrolling.
  const setScroller = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
  }, []);
  // Spec §2: on navigation the member list scrolls back to the top; opening or closing a drawer is not one.
  const { memberId: _open, ...listQuery } = query;
  useScrollToTopOnChange(scroller, JSON.stringify(listQuery));

  if (!members.isSuccess) return <QueryFallback query={members} />;
  const { members: rows, total, outsideIds = [] } = members.data;
  const outside = new Set(outsideIds);
  const isAll = query.page === -1;
  const page = query.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
  // A page past the end (`?page=999` typed or kept after deletions): say so and offer the last page.
  const isPastEnd = !isAll && rows.length === 0 && total > 0 && page > pages;
  const row = (m: (typeof rows)[number]) => (
    <MemberRow
      key={m.id}
      member={m}
      href={memberListHref({ ...query, memberId: m.id })}
      isSelected={m.id === query.memberId}
      isOutsideConditions={outside.has(m.id)}
    />
  );

  return (
    <>
      <Group
        justify="space-between"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text size="sm" aria-live="polite" data-testid="member-total">
          {total.toLocaleString('ja-JP')}名
          {!isAll &&
            total > 0 &&
            !isPastEnd &&
            `（${((page - 1) * MEMBER_PAGE_SIZE + 1).toLocaleString('ja-JP')}〜${Math.min(page * MEMBER_PAGE_SIZE, total).toLocaleString('ja-JP')}名を表示）`}
          {/* Spec §4 adds a created member to the list and the total whatever the conditions: say so. */}
          {outside.size > 0 &&
            `。うち${outside.size}名は追加したメンバーで、現在の条件には含まれません`}
        </Text>
        <Group gap="sm">
          {members.isFetching && <Loader size="xs" aria-label="更新中" />}
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
        </Group>
      </Group>
      <div {...staleRowsProps(members.isPlaceholderData)} data-testid="member-rows">
        {isPastEnd ? (
          <PastLastPage page={page} pages={pages} onPage={onPage} />
        ) : rows.length === 0 ? (
          <Text p="xl" ta="center" c="dimmed">
            条件に合うメンバーはいません。
          </Text>
        ) : isAll ? (
          <VirtualList
            items={rows}
            itemSize={MEMBER_ROW_HEIGHT}
            getKey={(m) => m.id}
            renderItem={row}
            height={LIST_HEIGHT}
            aria-label="メンバー一覧"
            scrollRef={setScroller}
          />
        ) : (
          <ScrollArea.Autosize mah={LIST_HEIGHT} viewportRef={scroller}>
            <div role="list" aria-label="メンバー一覧">
              {rows.map((m) => (
                <div role="listitem" key={m.id}>
                  {row(m)}
                </div>
              ))}
            </div>
          </ScrollArea.Autosize>
        )}
      </div>
      {!isAll && pages > 1 && (
        <Group justify="center" p="sm">
          <LinkPagination
            total={pages}
            value={page}
            hrefOf={(p) => memberListHref({ ...query, memberId: undefined, page: p })}
            siblings={1}
            boundaries={1}
          />
        </Group>
      )}
    </>
  );
}
