import { useCallback, useRef } from 'react';
import { Group, Loader, ScrollArea, Text } from '@mantine/core';
import { MEMBER_PAGE_SIZE, type TMemberListQuery } from '@cloudsign/contract';
import { PastLastPage } from '../../../components/page/past-last-page.tsx';
import { LinkPagination } from '../../../components/page/link-pagination.tsx';
import { VirtualList } from '../../../components/virtual-list/index.ts';
import { useMembers } from '../api/find-members.ts';
import { memberListHref } from '../lib/list-query.ts';
import { MEMBER_ROW_HEIGHT, MemberRow } from './member-row.tsx';
import { MemberFileLinks } from './member-file-links.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { useScrollToTopOnChange } from '../../../lib/scroll-to-top.ts';
import { staleRowsProps } from '../../../lib/stale-rows.ts';

type Props = {
  query: TMemberListQuery;
  onPage: (page: number) => void;
};

const LIST_HEIGHT = 'calc(100vh - 330px)';

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
          <MemberFileLinks query={query} total={total} />
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
