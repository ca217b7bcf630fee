/**
 * Old and variant kanji folded to one form for keyword search (docs/design.md §4): a person typing 高橋 finds
 * 髙橋 and the reverse. The pairs are the variants that keep people from finding names in Japanese member
 * lists (the 人名 itaiji that registries and banks fold: 髙/高, 﨑/崎, 邊/邉/辺, 齋/齊/斎/斉, 德/徳 …). NFKC
 * already folds the CJK compatibility ideographs that have a decomposition (塚, 神 …), so those are absent.
 *
 * VARIANTS[i] folds to CANONICAL[i]. The same two strings are written into the migration that re-normalised
 * the stored search_text with PostgreSQL's translate(); a new pair needs a new migration doing the same.
 */
const PAIRS: readonly (readonly [variants: string, canonical: string])[] = [
  ['髙', '高'],
  ['﨑嵜碕', '崎'],
  ['邊邉', '辺'],
  ['齋齊斉', '斎'],
  ['德', '徳'],
  ['澤', '沢'],
  ['嶋嶌', '島'],
  ['濱濵', '浜'],
  ['廣', '広'],
  ['國', '国'],
  ['櫻', '桜'],
  ['關', '関'],
  ['瀨', '瀬'],
  ['瀧', '滝'],
  ['冨', '富'],
  ['惠', '恵'],
  ['榮', '栄'],
  ['眞', '真'],
  ['實', '実'],
  ['藏', '蔵'],
  ['壽', '寿'],
  ['曾', '曽'],
  ['淵', '渕'],
  ['槇', '槙'],
  ['舘', '館'],
  ['槗', '橋'],
  ['𠮷', '吉'],
  ['戶', '戸'],
  ['鐵', '鉄'],
  ['學', '学'],
  ['會', '会'],
  ['圓', '円'],
  ['萬', '万'],
  ['彌', '弥'],
  ['豐', '豊'],
  ['黑', '黒'],
  ['靜', '静'],
  ['條', '条'],
  ['來', '来'],
  ['龍', '竜'],
];

/** Every variant, in the order of CANONICAL (code points, so 𠮷 counts as one). */
export const KANJI_VARIANTS = PAIRS.map(([v]) => v).join('');
export const KANJI_CANONICAL = PAIRS.map(([v, c]) => c.repeat([...v].length)).join('');

const FOLD = new Map<string, string>(
  PAIRS.flatMap(([variants, canonical]) => [...variants].map((v) => [v, canonical] as const)),
);
const VARIANT_RE = new RegExp(`[${KANJI_VARIANTS}]`, 'gu');

/** The text with every variant kanji replaced by its canonical form. */
export const foldKanjiVariants = (text: string) =>
  text.replace(VARIANT_RE, (c) => FOLD.get(c) ?? c);
