import { useId, useMemo, useState } from 'react';
import {
  CheckIcon,
  Combobox,
  Group,
  Input,
  Pill,
  PillsInput,
  ScrollArea,
  Text,
  useCombobox,
} from '@mantine/core';
import {
  MULTISELECT_MAX_HEIGHT,
  MULTISELECT_OPTION_HEIGHT,
  dropdownContent,
  type MultiSelectOption,
} from './multiselect-texts.ts';

export type MultiSelectProps = {
  data: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  label?: string;
  description?: string;
  placeholder?: string;
  /** Maximum number of selected options (spec §8 message when reached). */
  max?: number;
  error?: string;
  disabled?: boolean;
  /**
   * Server-side search: called as the user types, and `data` is taken as already filtered (a list of
   * 100,000 members is searched by the API, not shipped to the browser).
   */
  onSearchChange?: (search: string) => void;
  /** Labels of selected values that may be missing from `data` (options of an earlier search). */
  selectedOptions?: readonly MultiSelectOption[];
  /** The options are being fetched: with none yet, the dropdown says 「読み込み中…」, not 「ありません」. */
  loading?: boolean;
};

/** Searchable multiple selection with spec §8–§9's texts and limits (1000 options, 300 px, 40 px rows). */
export function MultiSelect({
  data,
  value,
  onChange,
  label,
  description,
  placeholder,
  max,
  error,
  disabled,
  onSearchChange,
  selectedOptions,
  loading = false,
}: MultiSelectProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const inputId = useId();
  const labels = useMemo(
    () => new Map([...(selectedOptions ?? []), ...data].map((o) => [o.value, o.label])),
    [data, selectedOptions],
  );
  const content = dropdownContent(data, value, search, max, undefined, !onSearchChange, loading);

  const toggle = (optionValue: string) => {
    if (value.includes(optionValue)) onChange(value.filter((v) => v !== optionValue));
    else if (max === undefined || value.length < max) onChange([...value, optionValue]);
  };
  const remove = (optionValue: string) => onChange(value.filter((v) => v !== optionValue));

  return (
    <Input.Wrapper label={label} description={description} error={error} id={inputId}>
      <Combobox store={combobox} onOptionSubmit={toggle} withinPortal disabled={disabled}>
        <Combobox.DropdownTarget>
          <PillsInput
            id={inputId}
            pointer
            onClick={() => combobox.openDropdown()}
            error={Boolean(error)}
            disabled={disabled}
          >
            <Pill.Group>
              {value.map((v) => (
                <Pill
                  key={v}
                  withRemoveButton
                  removeButtonProps={{ 'aria-label': `${labels.get(v) ?? v} を外す` }}
                  onRemove={() => remove(v)}
                >
                  {labels.get(v) ?? v}
                </Pill>
              ))}
              <Combobox.EventsTarget>
                <PillsInput.Field
                  id={inputId}
                  value={search}
                  placeholder={value.length === 0 ? placeholder : undefined}
                  onFocus={() => combobox.openDropdown()}
                  onBlur={() => combobox.closeDropdown()}
                  onChange={(event) => {
                    combobox.openDropdown();
                    combobox.updateSelectedOptionIndex();
                    setSearch(event.currentTarget.value);
                    onSearchChange?.(event.currentTarget.value);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                      event.preventDefault();
                      remove(value[value.length - 1]!);
                    }
                  }}
                  disabled={disabled}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>

        <Combobox.Dropdown>
          <Combobox.Options>
            <ScrollArea.Autosize mah={MULTISELECT_MAX_HEIGHT} type="scroll">
              {content.kind === 'options' ? (
                content.options.map((option) => {
                  const isSelected = value.includes(option.value);
                  return (
                    <Combobox.Option
                      value={option.value}
                      key={option.value}
                      active={isSelected}
                      disabled={option.disabled}
                      h={MULTISELECT_OPTION_HEIGHT}
                      style={{ display: 'flex', alignItems: 'center' }}
                    >
                      <Group gap="sm" wrap="nowrap">
                        {isSelected ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
                        <span>{option.label}</span>
                      </Group>
                    </Combobox.Option>
                  );
                })
              ) : (
                <Text size="sm" c="dimmed" p="sm" role="status">
                  {content.text}
                </Text>
              )}
            </ScrollArea.Autosize>
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Input.Wrapper>
  );
}
