import {
  DEFAULT_THEME,
  darken,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * WCAG AA text contrast (4.5:1) for the light scheme without changing the palette's look.
 * Mantine draws light/subtle/outline text, `c="red"` and filled buttons in shade 6, which for most colours is
 * too pale on white (gray 3.3:1, red 3.3:1, yellow 1.9:1) and paler still on the colour's own light tint.
 * Here each text colour is darkened only as far as it needs to reach the ratio on the worst background it
 * meets: its own light tint stacked twice (a light button inside a light alert) over the page grey.
 */
const TARGET = 4.6;

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` at `alpha` over an opaque `base`, as a hex colour. */
function over(color: string, alpha: number, base: string): string {
  const [c, b] = [rgb(color), rgb(base)];
  return `#${c
    .map((v, i) =>
      Math.round(v * alpha + b[i]! * (1 - alpha))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function toHex(color: string): string {
  if (color.startsWith('#')) return color;
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** `color`, darkened in small steps until it reaches TARGET against every one of `backgrounds`. */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  let out = color;
  for (let step = 0; step < 40 && backgrounds.some((bg) => contrast(out, bg) < TARGET); step++) {
    out = toHex(darken(color, (step + 1) * 0.025));
  }
  return out;
}

const PAGE = '#f8f9fa'; // gray.0, the AppShell background
const WHITE = '#ffffff';

/** Mantine's red with shades 7–9 deep enough for small error text on white and on red.0 cells. */
export const readableRed: MantineColorsTuple = [
  ...DEFAULT_THEME.colors.red.slice(0, 7),
  readableOn(DEFAULT_THEME.colors.red[7], [WHITE, DEFAULT_THEME.colors.red[0]]),
  readableOn(DEFAULT_THEME.colors.red[8], [WHITE, DEFAULT_THEME.colors.red[1]]),
  readableOn(DEFAULT_THEME.colors.red[9], [WHITE, DEFAULT_THEME.colors.red[2]]),
] as unknown as MantineColorsTuple;

const TEXT_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'grape',
  'violet',
  'indigo',
  'pink',
  'lime',
] as const;

const FILLED_COLORS = [
  'red',
  'orange',
  'green',
  'teal',
  'blue',
  'cyan',
  'grape',
  'violet',
  'indigo',
  'pink',
] as const;

export const accessibleCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    // Secondary text (c="dimmed", descriptions, table captions) sits on white and on the grey page.
    '--mantine-color-dimmed': readableOn(DEFAULT_THEME.colors.gray[6], [
      WHITE,
      PAGE,
      DEFAULT_THEME.colors.gray[1],
    ]),
  };
  for (const name of TEXT_COLORS) {
    const shade6 = theme.colors[name]?.[6];
    if (!shade6) continue;
    const tint = over(shade6, 0.2, PAGE);
    const text = readableOn(shade6, [WHITE, PAGE, tint]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
  }
  // Filled buttons and badges carry white text (yellow and lime are never filled: they would turn brown).
  for (const name of FILLED_COLORS) {
    const shade6 = theme.colors[name]?.[6];
    if (!shade6) continue;
    const filled = readableOn(shade6, [WHITE]);
    if (filled === shade6) continue;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = toHex(darken(filled, 0.1));
  }
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  return { variables: {}, light, dark: {} };
};
