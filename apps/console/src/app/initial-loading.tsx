import { Center, Loader } from '@mantine/core';

/** The first page's loaders are running (session, data): a spinner in the middle of the page. */
export function InitialLoading() {
  return (
    <Center h="100vh">
      <Loader aria-label="読み込み中" />
    </Center>
  );
}
