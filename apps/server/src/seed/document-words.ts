/** Documents of the demo data: contract kinds, counterparties and attribute names. */
export type DocKind = {
  title: string;
  /** Index into DEMO_CABINETS' user cabinets (0-based) this kind is usually filed in. */
  cabinets: readonly number[];
  /** Typical amount range in yen; null = no amount (NDA, employment…). */
  amount: readonly [number, number] | null;
  weight: number;
  contractType: string;
};

export const DOC_KINDS: readonly DocKind[] = [
  {
    title: '業務委託契約書',
    cabinets: [3, 0],
    amount: [300_000, 30_000_000],
    weight: 18,
    contractType: '業務委託',
  },
  {
    title: '秘密保持契約書',
    cabinets: [1],
    amount: null,
    weight: 18,
    contractType: '秘密保持',
  },
  {
    title: '売買基本契約書',
    cabinets: [0],
    amount: [1_000_000, 50_000_000],
    weight: 10,
    contractType: '売買',
  },
  {
    title: '個別契約書',
    cabinets: [0],
    amount: [100_000, 10_000_000],
    weight: 8,
    contractType: '売買',
  },
  {
    title: '雇用契約書',
    cabinets: [2],
    amount: null,
    weight: 9,
    contractType: '雇用',
  },
  {
    title: '労働条件通知書',
    cabinets: [2],
    amount: null,
    weight: 5,
    contractType: '雇用',
  },
  {
    title: '賃貸借契約書',
    cabinets: [3],
    amount: [600_000, 24_000_000],
    weight: 4,
    contractType: '賃貸借',
  },
  {
    title: '覚書',
    cabinets: [1, 0],
    amount: null,
    weight: 8,
    contractType: '覚書',
  },
  {
    title: '請負契約書',
    cabinets: [3],
    amount: [500_000, 40_000_000],
    weight: 5,
    contractType: '請負',
  },
  {
    title: 'ソフトウェアライセンス契約書',
    cabinets: [1, 3],
    amount: [120_000, 6_000_000],
    weight: 4,
    contractType: 'ライセンス',
  },
  {
    title: '保守サービス契約書',
    cabinets: [3],
    amount: [240_000, 3_600_000],
    weight: 4,
    contractType: '保守',
  },
  {
    title: '代理店契約書',
    cabinets: [0],
    amount: null,
    weight: 3,
    contractType: '代理店',
  },
  {
    title: '注文書兼注文請書',
    cabinets: [3],
    amount: [50_000, 5_000_000],
    weight: 6,
    contractType: '発注',
  },
  {
    title: '取締役会議事録',
    cabinets: [4],
    amount: null,
    weight: 2,
    contractType: '議事録',
  },
];

/** Counterparty names: [name, domain slug]. A few use hiragana so かな/カナ search can be tried. */
const COUNTERPARTY_CORES: readonly (readonly [string, string])[] = [
  ['アルファ商事', 'alpha-shoji'],
  ['ミライテック', 'miraitech'],
  ['東洋物産', 'toyo-bussan'],
  ['日本データサービス', 'nds'],
  ['さくらシステムズ', 'sakura-sys'],
  ['青空ロジスティクス', 'aozora-logi'],
  ['北斗製作所', 'hokuto'],
  ['グローバルリンク', 'globallink'],
  ['みなと建設', 'minato-kensetsu'],
  ['富士クラウド', 'fuji-cloud'],
  ['サンライズ食品', 'sunrise-foods'],
  ['大和精機', 'yamato-seiki'],
  ['ひかり通信', 'hikari-tsushin'],
  ['ネクストソリューションズ', 'next-sol'],
  ['関西テクノ', 'kansai-techno'],
  ['中央印刷', 'chuo-print'],
  ['オーシャン・トレーディング', 'ocean-trading'],
  ['明星コンサルティング', 'myojo-consulting'],
  ['丸の内不動産', 'marunouchi-re'],
  ['グリーンエナジー', 'green-energy'],
  ['エムケー電機', 'mk-denki'],
  ['白鷺化学', 'shirasagi-chem'],
  ['ブルーウェーブ', 'bluewave'],
  ['ことぶき商会', 'kotobuki'],
  ['やまと運輸サービス', 'yamato-unyu'],
  ['テクノフロンティア', 'technofrontier'],
  ['創和設計', 'sowa-sekkei'],
  ['コスモ人材センター', 'cosmo-jinzai'],
];

export type Counterparty = { name: string; domain: string };

export const COUNTERPARTIES: readonly Counterparty[] = COUNTERPARTY_CORES.map(
  ([core, slug], i) => ({
    // Mostly 株式会社 in front, some behind, a few 合同会社: how real contract lists look.
    name: i % 7 === 3 ? `合同会社${core}` : i % 5 === 1 ? `${core}株式会社` : `株式会社${core}`,
    domain: `${slug}.example.com`,
  }),
);

export const ATTRIBUTE_OPTION_NAMES = ['部署', '担当者', '契約種別', '稟議番号'] as const;
