/**
 * Word lists for realistic Japanese demo data. Romaji beside each name makes emails like `t.yamada@…`;
 * the ASCII `en` labels are for the seeded PDFs (pdf-lib's standard fonts cannot draw Japanese).
 */
/** k: the name, r: romaji (for emails), y: the reading in katakana (フリガナ). */
export type NamePart = { k: string; r: string; y: string };

export const FAMILY_NAMES: readonly NamePart[] = [
  ['佐藤', 'sato', 'サトウ'],
  ['鈴木', 'suzuki', 'スズキ'],
  ['高橋', 'takahashi', 'タカハシ'],
  ['田中', 'tanaka', 'タナカ'],
  ['伊藤', 'ito', 'イトウ'],
  ['渡辺', 'watanabe', 'ワタナベ'],
  ['山本', 'yamamoto', 'ヤマモト'],
  ['中村', 'nakamura', 'ナカムラ'],
  ['小林', 'kobayashi', 'コバヤシ'],
  ['加藤', 'kato', 'カトウ'],
  ['吉田', 'yoshida', 'ヨシダ'],
  ['山田', 'yamada', 'ヤマダ'],
  ['佐々木', 'sasaki', 'ササキ'],
  ['山口', 'yamaguchi', 'ヤマグチ'],
  ['松本', 'matsumoto', 'マツモト'],
  ['井上', 'inoue', 'イノウエ'],
  ['木村', 'kimura', 'キムラ'],
  ['林', 'hayashi', 'ハヤシ'],
  ['斎藤', 'saito', 'サイトウ'],
  ['清水', 'shimizu', 'シミズ'],
  ['山崎', 'yamazaki', 'ヤマザキ'],
  ['森', 'mori', 'モリ'],
  ['池田', 'ikeda', 'イケダ'],
  ['橋本', 'hashimoto', 'ハシモト'],
  ['阿部', 'abe', 'アベ'],
  ['石川', 'ishikawa', 'イシカワ'],
  ['山下', 'yamashita', 'ヤマシタ'],
  ['中島', 'nakajima', 'ナカジマ'],
  ['石井', 'ishii', 'イシイ'],
  ['小川', 'ogawa', 'オガワ'],
  ['前田', 'maeda', 'マエダ'],
  ['岡田', 'okada', 'オカダ'],
  ['長谷川', 'hasegawa', 'ハセガワ'],
  ['藤田', 'fujita', 'フジタ'],
  ['後藤', 'goto', 'ゴトウ'],
  ['近藤', 'kondo', 'コンドウ'],
  ['村上', 'murakami', 'ムラカミ'],
  ['遠藤', 'endo', 'エンドウ'],
  ['青木', 'aoki', 'アオキ'],
  ['坂本', 'sakamoto', 'サカモト'],
  ['斉藤', 'saito', 'サイトウ'],
  ['福田', 'fukuda', 'フクダ'],
  ['太田', 'ota', 'オオタ'],
  ['西村', 'nishimura', 'ニシムラ'],
  ['藤井', 'fujii', 'フジイ'],
  ['金子', 'kaneko', 'カネコ'],
  ['岡本', 'okamoto', 'オカモト'],
  ['藤原', 'fujiwara', 'フジワラ'],
  ['中野', 'nakano', 'ナカノ'],
  ['三浦', 'miura', 'ミウラ'],
  ['原田', 'harada', 'ハラダ'],
  ['中川', 'nakagawa', 'ナカガワ'],
  ['松田', 'matsuda', 'マツダ'],
  ['竹内', 'takeuchi', 'タケウチ'],
  ['小野', 'ono', 'オノ'],
  ['田村', 'tamura', 'タムラ'],
  ['中山', 'nakayama', 'ナカヤマ'],
  ['和田', 'wada', 'ワダ'],
  ['石田', 'ishida', 'イシダ'],
  ['森田', 'morita', 'モリタ'],
].map(([k, r, y]) => ({ k: k!, r: r!, y: y! }));

export const GIVEN_NAMES: readonly NamePart[] = [
  ['太郎', 'taro', 'タロウ'],
  ['一郎', 'ichiro', 'イチロウ'],
  ['健太', 'kenta', 'ケンタ'],
  ['翔太', 'shota', 'ショウタ'],
  ['大輔', 'daisuke', 'ダイスケ'],
  ['拓也', 'takuya', 'タクヤ'],
  ['直樹', 'naoki', 'ナオキ'],
  ['隆', 'takashi', 'タカシ'],
  ['誠', 'makoto', 'マコト'],
  ['浩二', 'koji', 'コウジ'],
  ['雄一', 'yuichi', 'ユウイチ'],
  ['健一', 'kenichi', 'ケンイチ'],
  ['亮', 'ryo', 'リョウ'],
  ['悠真', 'yuma', 'ユウマ'],
  ['蓮', 'ren', 'レン'],
  ['大翔', 'hiroto', 'ヒロト'],
  ['陽斗', 'haruto', 'ハルト'],
  ['修', 'osamu', 'オサム'],
  ['剛', 'tsuyoshi', 'ツヨシ'],
  ['和也', 'kazuya', 'カズヤ'],
  ['達也', 'tatsuya', 'タツヤ'],
  ['聡', 'satoshi', 'サトシ'],
  ['智也', 'tomoya', 'トモヤ'],
  ['俊介', 'shunsuke', 'シュンスケ'],
  ['裕太', 'yuta', 'ユウタ'],
  ['花子', 'hanako', 'ハナコ'],
  ['陽子', 'yoko', 'ヨウコ'],
  ['美咲', 'misaki', 'ミサキ'],
  ['恵', 'megumi', 'メグミ'],
  ['由美', 'yumi', 'ユミ'],
  ['直美', 'naomi', 'ナオミ'],
  ['真由美', 'mayumi', 'マユミ'],
  ['愛', 'ai', 'アイ'],
  ['彩', 'aya', 'アヤ'],
  ['結衣', 'yui', 'ユイ'],
  ['陽菜', 'hina', 'ヒナ'],
  ['美穂', 'miho', 'ミホ'],
  ['香織', 'kaori', 'カオリ'],
  ['智子', 'tomoko', 'トモコ'],
  ['裕子', 'yuko', 'ユウコ'],
  ['久美子', 'kumiko', 'クミコ'],
  ['明美', 'akemi', 'アケミ'],
  ['沙織', 'saori', 'サオリ'],
  ['麻衣', 'mai', 'マイ'],
  ['千尋', 'chihiro', 'チヒロ'],
  ['七海', 'nanami', 'ナナミ'],
  ['葵', 'aoi', 'アオイ'],
  ['凛', 'rin', 'リン'],
  ['真理', 'mari', 'マリ'],
  ['舞', 'mai', 'マイ'],
].map(([k, r, y]) => ({ k: k!, r: r!, y: y! }));

/** 所属 of company A, with the user group each one belongs to by default. */
export const DEPARTMENTS: readonly { org: string; group: string | null; weight: number }[] = [
  { org: '営業部 第一営業課', group: '営業部', weight: 16 },
  { org: '営業部 第二営業課', group: '営業部', weight: 14 },
  { org: '営業部 営業企画課', group: '営業部', weight: 6 },
  { org: '法務部 契約審査課', group: '法務部', weight: 7 },
  { org: '法務部 知的財産課', group: '法務部', weight: 4 },
  { org: '経理部 財務課', group: '経理部', weight: 6 },
  { org: '経理部 主計課', group: '経理部', weight: 5 },
  { org: '人事部 採用課', group: '人事部', weight: 5 },
  { org: '人事部 労務課', group: '人事部', weight: 5 },
  { org: '情報システム部 インフラ課', group: null, weight: 5 },
  { org: '情報システム部 社内SE課', group: null, weight: 4 },
  { org: '総務部', group: null, weight: 6 },
  { org: '経営企画部', group: null, weight: 4 },
  { org: '東京支社 営業課', group: '東京支社', weight: 9 },
  { org: '東京支社 管理課', group: '東京支社', weight: 3 },
  { org: '大阪支社 営業課', group: '大阪支社', weight: 8 },
  { org: '大阪支社 管理課', group: '大阪支社', weight: 3 },
];

export type DocKind = {
  title: string;
  en: string;
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
    en: 'Service Agreement',
    cabinets: [3, 0],
    amount: [300_000, 30_000_000],
    weight: 18,
    contractType: '業務委託',
  },
  {
    title: '秘密保持契約書',
    en: 'Non-Disclosure Agreement',
    cabinets: [1],
    amount: null,
    weight: 18,
    contractType: '秘密保持',
  },
  {
    title: '売買基本契約書',
    en: 'Master Sales Agreement',
    cabinets: [0],
    amount: [1_000_000, 50_000_000],
    weight: 10,
    contractType: '売買',
  },
  {
    title: '個別契約書',
    en: 'Individual Contract',
    cabinets: [0],
    amount: [100_000, 10_000_000],
    weight: 8,
    contractType: '売買',
  },
  {
    title: '雇用契約書',
    en: 'Employment Contract',
    cabinets: [2],
    amount: null,
    weight: 9,
    contractType: '雇用',
  },
  {
    title: '労働条件通知書',
    en: 'Notice of Working Conditions',
    cabinets: [2],
    amount: null,
    weight: 5,
    contractType: '雇用',
  },
  {
    title: '賃貸借契約書',
    en: 'Lease Agreement',
    cabinets: [3],
    amount: [600_000, 24_000_000],
    weight: 4,
    contractType: '賃貸借',
  },
  {
    title: '覚書',
    en: 'Memorandum',
    cabinets: [1, 0],
    amount: null,
    weight: 8,
    contractType: '覚書',
  },
  {
    title: '請負契約書',
    en: 'Contract for Work',
    cabinets: [3],
    amount: [500_000, 40_000_000],
    weight: 5,
    contractType: '請負',
  },
  {
    title: 'ソフトウェアライセンス契約書',
    en: 'Software License Agreement',
    cabinets: [1, 3],
    amount: [120_000, 6_000_000],
    weight: 4,
    contractType: 'ライセンス',
  },
  {
    title: '保守サービス契約書',
    en: 'Maintenance Service Agreement',
    cabinets: [3],
    amount: [240_000, 3_600_000],
    weight: 4,
    contractType: '保守',
  },
  {
    title: '代理店契約書',
    en: 'Distributor Agreement',
    cabinets: [0],
    amount: null,
    weight: 3,
    contractType: '代理店',
  },
  {
    title: '注文書兼注文請書',
    en: 'Purchase Order',
    cabinets: [3],
    amount: [50_000, 5_000_000],
    weight: 6,
    contractType: '発注',
  },
  {
    title: '取締役会議事録',
    en: 'Minutes of the Board Meeting',
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

/** Emails like `t.yamada@example.com`; a number is added on collision. */
export function makeEmail(
  family: NamePart,
  given: NamePart,
  domain: string,
  used: Set<string>,
): string {
  const base = `${given.r[0]}.${family.r}`;
  let email = `${base}@${domain}`;
  for (let n = 2; used.has(email); n++) email = `${base}${n}@${domain}`;
  used.add(email);
  return email;
}
