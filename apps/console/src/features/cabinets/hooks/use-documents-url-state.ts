import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';

/**
 * The cabinet's document list state in the URL (STYLE.md): the page, and the keyword typed in the search
 * box, written to the URL 300 ms after the last keystroke (a new keyword starts again at page 1).
 */
export function useDocumentsUrlState() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword') ?? '';
  const [input, setInput] = useState(keyword);
  const [debounced] = useDebouncedValue(input.trim(), 300);

  useEffect(() => {
    if (debounced === keyword) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (debounced) next.set('keyword', debounced);
        else next.delete('keyword');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, keyword, setParams]);

  const setPage = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
      return next;
    });

  return { page, keyword, input, setInput, setPage };
}
