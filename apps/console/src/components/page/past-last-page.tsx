import { Button, Stack, Text } from '@mantine/core';

/**
 * What a paged list shows for a page past its end (`?page=999` typed, or kept after deletions): the honest
 * reason and the way to the last page, instead of an empty table that looks like no data.
 */
export function PastLastPage({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Stack align="center" gap="sm" p="xl" data-testid="past-last-page">
      <Text c="dimmed">
        {page.toLocaleString('ja-JP')}ページ目はありません（全{pages.toLocaleString('ja-JP')}
        ページ）。
      </Text>
      <Button variant="light" onClick={() => onPage(pages)}>
        最後のページへ
      </Button>
    </Stack>
  );
}
