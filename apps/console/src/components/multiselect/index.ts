export { MultiSelect, type MultiSelectProps } from './multiselect.tsx';
export {
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
