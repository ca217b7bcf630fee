/**
 * A session's browser in the words its owner knows it by (「Chrome（Linux）」): enough to tell his office PC from
 * his phone, never a fingerprint. Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (table: readonly [RegExp, string][], ua: string) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

export function browserLabel(userAgent: string): string {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (!browser && !system) return '不明なブラウザ';
  if (!system) return browser!;
  return `${browser ?? '不明なブラウザ'}（${system}）`;
}
