import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { TTheme } from '@cloudsign/contract';
import cloudsignLogo from '../../assets/logo-cloudsign.svg';
import smbcLogo from '../../assets/logo-smbc-cloudsign.svg';
import { readableRed } from './accessible-colors.ts';

// Shade 6 is the brand colour (#0068b7 / #004831); Mantine's filled variants use it.
const csBlue: MantineColorsTuple = [
  '#e8f2fa',
  '#d0e4f4',
  '#a3cbea',
  '#72b0df',
  '#4997d4',
  '#2080c8',
  '#0068b7',
  '#005a9e',
  '#004b84',
  '#003a66',
];
const smbcGreen: MantineColorsTuple = [
  '#e9f3ee',
  '#c8e0d5',
  '#94c1ae',
  '#5a9a80',
  '#2c7a5c',
  '#0b5e42',
  '#004831',
  '#003d2a',
  '#003122',
  '#00251a',
];

const FONT_FAMILY =
  "'Noto Sans JP', 'Noto Sans CJK JP', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', 'Yu Gothic UI', Meiryo, system-ui, sans-serif";

const PAGINATION_LABELS: Record<string, string> = {
  first: '最初のページ',
  previous: '前のページ',
  next: '次のページ',
  last: '最後のページ',
};

const base = (primaryColor: string): MantineThemeOverride => ({
  primaryColor,
  primaryShade: 6,
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY, fontWeight: '700' },
  defaultRadius: 'sm',
  // red: deeper shades 7–9 so small error text (c="red.7") stays readable (accessible-colors.ts).
  colors: { csBlue, smbcGreen, red: readableRed },
  components: {
    Button: { defaultProps: { radius: 'sm' } },
    // Icon-only page arrows need names a screen reader can announce.
    Pagination: {
      defaultProps: {
        getControlProps: (control: string) => ({ 'aria-label': PAGINATION_LABELS[control] }),
      },
    },
    // The dropzone's hidden file input is still reachable by assistive technology: give it a name.
    // It opens the picker through that input, not the File System Access API, so Enter/Space on the dropzone
    // and a click behave alike in every browser (and the browser's file chooser event fires for tests).
    Dropzone: {
      defaultProps: { inputProps: { 'aria-label': 'ファイルを選択' }, useFsAccessApi: false },
    },
    // A loader announces itself (its aria-label needs a role to be allowed on a span).
    Loader: { defaultProps: { role: 'status' } },
    // No focusable placeholder inside role="menu" (only menu items may be there); focus goes to an item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // The × of every modal and drawer is an icon: name it. Their header is no page banner landmark.
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': '閉じる' },
        attributes: { header: { role: 'none' } },
      },
    },
    Drawer: {
      defaultProps: {
        closeButtonProps: { 'aria-label': '閉じる' },
        attributes: { header: { role: 'none' } },
      },
    },
  },
});

export type ThemeBrand = {
  mantine: MantineThemeOverride;
  logo: string;
  logoAlt: string;
  /** The thin brand bar above the header and the active navigation item. */
  accent: string;
  navActiveBg: string;
};

export const THEME_BRANDS: Record<TTheme, ThemeBrand> = {
  cloudsign: {
    mantine: createTheme(base('csBlue')),
    logo: cloudsignLogo,
    logoAlt: 'クラウドサイン',
    accent: '#0068b7',
    navActiveBg: '#e8f2fa',
  },
  'smbc-cloudsign': {
    // The dark green of links is too close to black text: links in text are underlined (WCAG 1.4.1).
    mantine: createTheme({
      ...base('smbcGreen'),
      components: {
        ...base('smbcGreen').components,
        Anchor: { defaultProps: { underline: 'always' } },
      },
    }),
    logo: smbcLogo,
    logoAlt: 'SMBCクラウドサイン',
    accent: '#004831',
    navActiveBg: '#e9f3ee',
  },
};

export const brandOf = (theme: TTheme | undefined | null): ThemeBrand =>
  THEME_BRANDS[theme ?? 'cloudsign'];
