import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { DOCUMENT_SORTS, ZDocumentListQuery, type TDocumentListQuery } from '@cloudsign/contract';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import { listSearch, type ListQuery } from '../lib/list-query.ts';
import {
  keywordNotice,
  keywordPatch,
  keywordProblem,
  readKeyword,
} from '../lib/keyword-conditions.ts';
import { sortLabel } from '../lib/sort-labels.ts';
import { ConditionChips } from './condition-chips.tsx';

type Props = {
  query: ListQuery;
  /** Changes the list; answers the `?…` it asked for (built on any change still on its way). */
  update: (patch: Partial<TDocumentListQuery>) => string;
};

/**
 * The documents list's quick search: the keyword box (a real form, so it works before the console has
 * hydrated the page), cabinet and order, the way to 詳細検索, and the conditions in force as chips.
 */
export function DocumentsQuickSearch({ query, update }: Props) {
  const { search } = useLocation();
  const cabinets = useCabinetChoices();
  // The box is uncontrolled: what was typed into the site's HTML before the console hydrated the page stays
  // (a controlled input is reset to its state then). The console writes into it where it rewrites the text.
  const box = useRef<HTMLInputElement>(null);
  const setKeyword = (text: string) => {
    if (box.current) box.current.value = text;
  };
  /** Why the typed text was not searched (a date that does not exist), shown under the box until it changes. */
  const [keywordError, setKeywordError] = useState<string | null>(null);
  /**
   * What the keyword box made of an amount or a date typed into it (keyword-conditions.ts), with the list
   * URL it produced: shown only on that URL, so going back or changing a condition takes it away.
   */
  const [notice, setNotice] = useState<{ text: string; search: string } | null>(null);

  return (
    <Paper withBorder radius="md" bg="white" p="sm" mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {/* A real form: submitted before the console has hydrated the page, it loads the searched list
            (the keyword as typed; amounts and dates in it are read once the console runs). */}
        <form
          role="search"
          method="get"
          action="/company/documents"
          onSubmit={(e) => {
            e.preventDefault();
            const typed = new FormData(e.currentTarget).get('keyword');
            const reading = readKeyword(typeof typed === 'string' ? typed : '');
            const problem = keywordProblem(reading);
            setKeywordError(problem);
            if (problem !== null) return;
            const patch = { ...keywordPatch(reading), page: 1, documentId: undefined };
            const text = keywordNotice(reading);
            setKeyword(reading.keyword ?? '');
            const asked = update(patch);
            setNotice(text === null ? null : { text, search: asked });
          }}
        >
          <Group gap={6} align="flex-end">
            <TextInput
              label="キーワード"
              placeholder="タイトル・契約相手・参加者・書類ID"
              ref={box}
              defaultValue={query.keyword ?? ''}
              onChange={() => setKeywordError(null)}
              error={keywordError}
              w={280}
              name="keyword"
            />
            {/* The other conditions go along with the keyword, as the console's own search keeps them. */}
            {[
              ...new URLSearchParams(
                listSearch({ ...query, keyword: undefined, documentId: undefined, page: 1 }),
              ),
            ].map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <Button type="submit">検索</Button>
          </Group>
        </form>
        <Select
          label="キャビネット"
          placeholder="すべて"
          clearable
          w={170}
          data={(cabinets.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={query.cabinetId ?? null}
          onChange={(v) => update({ cabinetId: v ?? undefined, page: 1, documentId: undefined })}
        />
        <Select
          label="並び順"
          w={200}
          allowDeselect={false}
          data={DOCUMENT_SORTS.map((s) => ({ value: s, label: sortLabel(s) }))}
          value={query.sort}
          onChange={(v) => v && update({ sort: v as typeof query.sort, page: 1 })}
        />
        {/* Narrow padding: at 1280 px the whole row, 条件をクリア included, stays on one line. */}
        <Button component={Link} to={`/company/documents/search${search}`} variant="subtle" px="xs">
          詳細検索
        </Button>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          onClick={() => {
            setKeyword('');
            setKeywordError(null);
            // Every condition the list knows, not only those the URL shown has: one asked for a moment ago
            // and not yet shown is cleared too.
            update({
              ...Object.fromEntries(
                Object.keys(ZDocumentListQuery.shape).map((k) => [k, undefined]),
              ),
              page: 1,
            });
          }}
        >
          条件をクリア
        </Button>
      </Group>
      {notice?.search === search && (
        <Text size="xs" c="dimmed" mt={6} role="status" data-testid="keyword-notice">
          {notice.text}
        </Text>
      )}
      <ConditionChips
        query={query}
        onRemove={(patch) => {
          if ('keyword' in patch) setKeyword('');
          update({ ...patch, documentId: undefined });
        }}
      />
    </Paper>
  );
}
