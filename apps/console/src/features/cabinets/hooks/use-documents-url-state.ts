import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useListSearchParams } from '../../../lib/list-search-params.ts';

/**
 * The cabinet's document list state in the URL (STYLE.md): the page, and the keyword typed in the search
 * box, written to the URL 300 ms after the last keystroke (a new keyword starts again at page 1).
 */
export function useDocumentsUrlState() {
  // Changes build on the last one asked for, which the URL may not show yet.
  const { params, latest, set } = useListSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword') ?? '';
  const [input, setInput] = useState(keyword);
  const [debounced] = useDebouncedValue(input.trim(), 300);

  useEffect(() => {
    if (debounced === keyword) return;
    const next = latest();
    if (debounced) next.set('keyword', debounced);
    else next.delete('keyword');
    next.delete('page');
    set(next, { replace: true });
  }, [debounced, keyword, latest, set]);

  const setPage = (n: number) => {
    const next = latest();
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    set(next);
  };

  return { page, keyword, input, setInput, setPage };
}
