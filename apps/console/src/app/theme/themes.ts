import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { TTheme } from '@cloudsign/contract';
import cloudsignLogo from '../../assets/logo-cloudsign.svg';
import smbcLogo from '../../assets/logo-smbc-cloudsign.svg';

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

const base = (primaryColor: string): MantineThemeOverride => ({
  primaryColor,
  primaryShade: 6,
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY, fontWeight: '700' },
  defaultRadius: 'sm',
  colors: { csBlue, smbcGreen },
  components: {
    Button: { defaultProps: { radius: 'sm' } },
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
    mantine: createTheme(base('smbcGreen')),
    logo: smbcLogo,
    logoAlt: 'SMBCクラウドサイン',
    accent: '#004831',
    navActiveBg: '#e9f3ee',
  },
};

export const brandOf = (theme: TTheme | undefined | null): ThemeBrand =>
  THEME_BRANDS[theme ?? 'cloudsign'];
