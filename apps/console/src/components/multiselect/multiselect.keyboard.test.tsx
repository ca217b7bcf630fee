/**
 * The multiselect used without a mouse: arrows move through the options, Enter picks the one shown as
 * current, Backspace in the empty search removes the last pick, Escape closes the list.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render.tsx';
import { MultiSelect } from './multiselect.tsx';
import type { MultiSelectOption } from './multiselect-texts.ts';

const groups: MultiSelectOption[] = [
  { value: 'g1', label: '営業部' },
  { value: 'g2', label: '法務部' },
  { value: 'g3', label: '経理部' },
];

function Harness({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return <MultiSelect label="メンバーグループ" data={groups} value={value} onChange={setValue} />;
}

/** The picks as the user sees them: the pills' labels, in order. */
const pills = () =>
  Array.from(document.querySelectorAll('.mantine-Pill-label')).map((p) => p.textContent);
/** The option shown as current (the one Enter would pick). */
const current = () =>
  screen
    .queryAllByRole('option', { hidden: true })
    .filter((o) => o.hasAttribute('data-combobox-selected'))
    .map((o) => o.textContent);

describe('<MultiSelect> by keyboard', () => {
  it('ArrowDown and ArrowUp move the current option; Enter picks it as a pill', async () => {
    renderWithUi(<Harness />);
    const input = screen.getByLabelText('メンバーグループ');
    await userEvent.click(input);
    await screen.findByRole('option', { name: '営業部', hidden: true });
    await userEvent.keyboard('{ArrowDown}');
    expect(current()).toEqual(['営業部']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(current()).toEqual(['経理部']);
    await userEvent.keyboard('{ArrowUp}');
    expect(current()).toEqual(['法務部']);
    await userEvent.keyboard('{Enter}');
    expect(pills()).toEqual(['法務部']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(pills()).toEqual(['法務部', '経理部']);
  });

  it('Enter on a picked option takes it off again', async () => {
    renderWithUi(<Harness initial={['g1']} />);
    await userEvent.click(screen.getByLabelText('メンバーグループ'));
    await screen.findByRole('option', { name: '営業部', hidden: true });
    await userEvent.keyboard('{ArrowDown}');
    expect(current()).toEqual(['営業部']);
    await userEvent.keyboard('{Enter}');
    expect(pills()).toEqual([]);
  });

  it('Backspace in the empty search removes the last pill only, one per press', async () => {
    renderWithUi(<Harness initial={['g1', 'g2', 'g3']} />);
    await userEvent.click(screen.getByLabelText('メンバーグループ'));
    await userEvent.keyboard('{Backspace}');
    expect(pills()).toEqual(['営業部', '法務部']);
    // With text in the search, Backspace edits the text and leaves the pills alone.
    await userEvent.keyboard('経');
    await userEvent.keyboard('{Backspace}');
    expect(pills()).toEqual(['営業部', '法務部']);
    await userEvent.keyboard('{Backspace}');
    expect(pills()).toEqual(['営業部']);
  });

  it('Escape closes the list: Enter then picks nothing, and the picks stay', async () => {
    renderWithUi(<Harness initial={['g2']} />);
    await userEvent.click(screen.getByLabelText('メンバーグループ'));
    await screen.findByRole('option', { name: '営業部', hidden: true });
    await userEvent.keyboard('{ArrowDown}');
    expect(current()).toEqual(['営業部']);
    await userEvent.keyboard('{Escape}{Enter}');
    expect(pills()).toEqual(['法務部']);
    // An arrow key opens the list again on the picked option; the next one down is picked with Enter.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(current()).toEqual(['法務部']));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(pills()).toEqual(['法務部', '経理部']);
  });
});
