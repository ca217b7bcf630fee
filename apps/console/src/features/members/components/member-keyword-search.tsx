import { useEffect, useRef } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import type { TMemberListQuery } from '@cloudsign/contract';
import { memberListHref } from '../lib/list-query.ts';

type Props = { query: TMemberListQuery; onChange: (patch: Partial<TMemberListQuery>) => void };

/** The members' keyword search: a real GET form, so it works before the console has taken the page over. */
export function MemberKeywordSearch({ query, onChange }: Props) {
  const box = useRef<HTMLInputElement>(null);
  // Only a change of the URL's keyword is written: on the first render the box keeps what was typed early.
  const written = useRef(query.keyword);
  useEffect(() => {
    if (written.current === query.keyword) return;
    written.current = query.keyword;
    if (box.current) box.current.value = query.keyword ?? '';
  }, [query.keyword]);

  // A real form: submitted before the console has hydrated the page, it loads the searched list.
  return (
    <form
      role="search"
      method="get"
      action="/company/members"
      onSubmit={(e) => {
        e.preventDefault();
        const typed = new FormData(e.currentTarget).get('keyword');
        onChange({ keyword: (typeof typed === 'string' && typed.trim()) || undefined });
      }}
    >
      <Group gap={6} align="flex-end">
        {/* Uncontrolled: what was typed before the console hydrated the page stays in the box (a controlled
          input is reset to its state then). A keyword the URL changes is written into it. */}
        <TextInput
          ref={box}
          label="キーワード"
          placeholder="氏名・メールアドレス・所属"
          defaultValue={query.keyword ?? ''}
          w={260}
          aria-label="キーワード"
          name="keyword"
        />
        {/* The other conditions go along with the keyword, as the console's own search keeps them. */}
        {[
          ...new URLSearchParams(
            memberListHref({ ...query, keyword: undefined, memberId: undefined, page: 1 }).split(
              '?',
            )[1],
          ),
        ].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Button type="submit" variant="filled">
          検索
        </Button>
      </Group>
    </form>
  );
}
