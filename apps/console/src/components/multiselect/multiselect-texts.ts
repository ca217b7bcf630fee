/** Spec §9: at most 1000 options are rendered; the list is at most 300 px high; each option is 40 px. */
export const MULTISELECT_OPTIONS_LIMIT = 1000;
export const MULTISELECT_MAX_HEIGHT = 300;
export const MULTISELECT_OPTION_HEIGHT = 40;

/**
 * Spec §8's selection dropdown texts, said in Japanese (docs/decisions.md "The console speaks Japanese only"):
 * the spec's English sentences reached the screen in the middle of Japanese pages. Same states, same meaning.
 */
export const maxSelectedText = (max: number) =>
  `選択できるのは${max.toLocaleString('ja-JP')}件までです。別の項目を選ぶには、選択済みの項目を外してください。`;
export const NO_RESULT_TEXT = '該当する項目がありません。検索する文字を変えてお試しください。';
export const EMPTY_LIST_TEXT = '選択できる項目がありません。';
/** While a server-side search is on its way and nothing is shown yet. */
export const LOADING_TEXT = '読み込み中…';

export type MultiSelectOption = { value: string; label: string; disabled?: boolean };

/** Case- and width-insensitive match (full-width and half-width input find the same labels). */
export function matchesSearch(label: string, search: string): boolean {
  const needle = search.normalize('NFKC').trim().toLowerCase();
  return needle === '' || label.normalize('NFKC').toLowerCase().includes(needle);
}

/** What the dropdown shows: the max message, the options (capped), or the empty/no-result text. */
export function dropdownContent(
  data: readonly MultiSelectOption[],
  selected: readonly string[],
  search: string,
  max: number | undefined,
  limit = MULTISELECT_OPTIONS_LIMIT,
  /** False when the server already filtered `data` by `search` (its match is broader than ours). */
  filter = true,
  /** True while the options are being fetched: with none to show yet, say so rather than "none". */
  loading = false,
):
  | { kind: 'max' | 'empty' | 'no-result' | 'loading'; text: string }
  | { kind: 'options'; options: MultiSelectOption[] } {
  if (max !== undefined && selected.length >= max)
    return { kind: 'max', text: maxSelectedText(max) };
  if (data.length === 0 && loading) return { kind: 'loading', text: LOADING_TEXT };
  if (data.length === 0)
    return search.trim() && !filter
      ? { kind: 'no-result', text: NO_RESULT_TEXT }
      : { kind: 'empty', text: EMPTY_LIST_TEXT };
  const options: MultiSelectOption[] = [];
  for (const option of data) {
    if (options.length >= limit) break;
    if (!filter || matchesSearch(option.label, search)) options.push(option);
  }
  return options.length === 0
    ? { kind: 'no-result', text: NO_RESULT_TEXT }
    : { kind: 'options', options };
}
