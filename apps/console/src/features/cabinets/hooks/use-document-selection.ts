import { useEffect, useState } from 'react';

/**
 * Ticked documents of a paged list, and 「この条件の N 件すべてを選択」 (`allMatching`): the action then
 * applies to every match of the list's condition, not only the ticked rows.
 */
export function useDocumentSelection(pageIds: readonly string[], keyword: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  // Another condition is another set of documents: an all-matching selection does not carry over.
  useEffect(() => setAllMatching(false), [keyword]);

  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const clear = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  const toggle = (id: string) => {
    setAllMatching(false);
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const togglePage = () => {
    if (allOnPage) setAllMatching(false);
    setSelected((s) => {
      const next = new Set(s);
      for (const id of pageIds) {
        if (allOnPage) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  };

  return {
    selected,
    allMatching,
    allOnPage,
    selectAllMatching: () => setAllMatching(true),
    clear,
    toggle,
    togglePage,
  };
}
