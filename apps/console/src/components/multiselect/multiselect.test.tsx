import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render.tsx';
import { MultiSelect } from './multiselect.tsx';
import {
  EMPTY_LIST_TEXT,
  LOADING_TEXT,
  MULTISELECT_MAX_HEIGHT,
  MULTISELECT_OPTIONS_LIMIT,
  MULTISELECT_OPTION_HEIGHT,
  NO_RESULT_TEXT,
  dropdownContent,
  maxSelectedText,
  type MultiSelectOption,
} from './multiselect-texts.ts';

const groups: MultiSelectOption[] = [
  { value: 'g1', label: '営業部' },
  { value: 'g2', label: '法務部' },
  { value: 'g3', label: '経理部' },
];

function Harness({
  data,
  max,
  initial = [],
}: {
  data: MultiSelectOption[];
  max?: number;
  initial?: string[];
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <MultiSelect label="メンバーグループ" data={data} value={value} onChange={setValue} max={max} />
  );
}

describe('multiselect texts and limits (spec §8, §9)', () => {
  it("says every state in Japanese (the spec's English sentences reached Japanese screens)", () => {
    expect(maxSelectedText(3)).toBe(
      '選択できるのは3件までです。別の項目を選ぶには、選択済みの項目を外してください。',
    );
    expect(NO_RESULT_TEXT).toBe('該当する項目がありません。検索する文字を変えてお試しください。');
    expect(EMPTY_LIST_TEXT).toBe('選択できる項目がありません。');
    expect(dropdownContent([], [], '', undefined, undefined, false, true)).toEqual({
      kind: 'loading',
      text: '読み込み中…',
    });
    // No state's text has a run of two English words.
    for (const text of [maxSelectedText(1000), NO_RESULT_TEXT, EMPTY_LIST_TEXT, LOADING_TEXT])
      expect(text).not.toMatch(/[A-Za-z]+\s+[A-Za-z]+/);
  });

  it('has the limits', () => {
    expect([MULTISELECT_OPTIONS_LIMIT, MULTISELECT_MAX_HEIGHT, MULTISELECT_OPTION_HEIGHT]).toEqual([
      1000, 300, 40,
    ]);
  });

  it('renders at most 1000 options', () => {
    const many = Array.from({ length: 2500 }, (_, i) => ({
      value: String(i),
      label: `グループ${i}`,
    }));
    const content = dropdownContent(many, [], '', undefined);
    expect(content.kind === 'options' && content.options.length).toBe(1000);
  });
});

describe('<MultiSelect>', () => {
  it('selects options and shows them as pills', async () => {
    renderWithUi(<Harness data={groups} />);
    await userEvent.click(screen.getByLabelText('メンバーグループ'));
    fireEvent.click(await screen.findByRole('option', { name: '法務部', hidden: true }));
    expect(
      await screen.findByText('法務部', { selector: '.mantine-Pill-label' }),
    ).toBeInTheDocument();
    // Backspace in the empty search removes the last pill.
    await userEvent.type(screen.getByLabelText('メンバーグループ'), '{Backspace}');
    expect(
      screen.queryByText('法務部', { selector: '.mantine-Pill-label' }),
    ).not.toBeInTheDocument();
  });

  it('says there is nothing to choose without options', async () => {
    renderWithUi(<Harness data={[]} />);
    await userEvent.click(screen.getByLabelText('メンバーグループ'));
    expect(await screen.findByText('選択できる項目がありません。')).toBeInTheDocument();
  });

  it('says no elements were found for a search without matches', async () => {
    renderWithUi(<Harness data={groups} />);
    await userEvent.type(screen.getByLabelText('メンバーグループ'), '人事');
    expect(
      await screen.findByText('該当する項目がありません。検索する文字を変えてお試しください。'),
    ).toBeInTheDocument();
  });

  it('filters by the search text (width-insensitive)', async () => {
    const data = [...groups, { value: 'g4', label: 'ABCチーム' }];
    renderWithUi(<Harness data={data} />);
    await userEvent.type(screen.getByLabelText('メンバーグループ'), 'ａｂｃ');
    expect(
      await screen.findByRole('option', { name: 'ABCチーム', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '営業部', hidden: true })).not.toBeInTheDocument();
  });

  it('shows the maximum message once the maximum is selected', async () => {
    renderWithUi(<Harness data={groups} max={2} initial={['g1', 'g2']} />);
    await userEvent.click(screen.getByLabelText('メンバーグループ'));
    expect(
      await screen.findByText(
        '選択できるのは2件までです。別の項目を選ぶには、選択済みの項目を外してください。',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { hidden: true })).not.toBeInTheDocument();
  });
});

describe('<MultiSelect> searched by the server', () => {
  /** Stands in for the API: answers every search with members whose katakana reading matches. */
  function ServerHarness({ onSearch }: { onSearch: (s: string) => void }) {
    const people: MultiSelectOption[] = [
      { value: 'u1', label: 'ヤマダ 太郎（yamada@example.com）' },
      { value: 'u2', label: 'スズキ 花子（suzuki@example.com）' },
    ];
    const [search, setSearch] = useState('');
    const [value, setValue] = useState<string[]>([]);
    // The server folds hiragana to katakana; the browser's own match would not find these.
    const data = search === 'やまだ' ? [people[0]!] : search === '' ? people : [];
    return (
      <MultiSelect
        label="追加するメンバー"
        data={data}
        value={value}
        onChange={setValue}
        onSearchChange={(s) => {
          onSearch(s);
          setSearch(s);
        }}
        selectedOptions={people.filter((p) => value.includes(p.value))}
      />
    );
  }

  it('shows what the server found without filtering it again, and keeps chosen labels across searches', async () => {
    const searches: string[] = [];
    renderWithUi(<ServerHarness onSearch={(s) => searches.push(s)} />);
    const input = screen.getByLabelText('追加するメンバー');
    await userEvent.type(input, 'やまだ');
    expect(searches.at(-1)).toBe('やまだ');
    fireEvent.click(
      await screen.findByRole('option', {
        name: 'ヤマダ 太郎（yamada@example.com）',
        hidden: true,
      }),
    );
    // A search the server finds nothing for says so, and the chosen member's pill keeps its name.
    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText(NO_RESULT_TEXT)).toBeInTheDocument();
    expect(
      screen.getByText('ヤマダ 太郎（yamada@example.com）', { selector: '.mantine-Pill-label' }),
    ).toBeInTheDocument();
  });
});
