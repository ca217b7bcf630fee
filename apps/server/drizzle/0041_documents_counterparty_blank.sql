-- 取引先 as its own search condition and 未入力 searches (issue 35, 税務調査対応).
-- search_fold() is normalizeSearchText (packages/contract/src/search-text.ts) in SQL: NFKC, lower case, hiragana to
-- katakana, spaces collapsed and trimmed, old and variant kanji folded (kanji-variants.ts as it stands; a pair
-- added later needs this function replaced and its index rebuilt). documents.counterparty-blank.test.ts checks the two
-- agree. It lets the 取引先 column be compared folded without a stored copy that every write would have to keep.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT translate(btrim(regexp_replace(translate(lower(normalize(t, NFKC)), 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ', 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ'), '\s+', ' ', 'g')), '髙﨑嵜碕邊邉齋齊斉德澤嶋嶌濱濵廣國櫻關瀨瀧冨惠榮眞實藏壽曾淵槇舘槗𠮷戶鐵學會圓萬彌豐黑靜條來龍', '高崎崎崎辺辺斎斎斎徳沢島島浜浜広国桜関瀬滝富恵栄真実蔵寿曽渕槙館橋吉戸鉄学会円万弥豊黒静条来竜') $$;
--> statement-breakpoint
-- 取引先 exact: one index seek; its statistics (ANALYZE reads expression indexes) give the planner the share.
CREATE INDEX IF NOT EXISTS documents_company_counterparty_fold_idx ON documents (company_id, search_fold(counterparty));
--> statement-breakpoint
-- 未入力 of the text items: small partial indexes in update order (the default sort), so a blank search is a
-- short index read whether it is collected or walked. Dates and the amount are NULL when blank and already have
-- a (company, column, id) index, which answers IS NULL.
CREATE INDEX IF NOT EXISTS documents_company_blank_counterparty_idx ON documents (company_id, updated_at, id) WHERE coalesce(counterparty, '') = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_company_blank_title_idx ON documents (company_id, updated_at, id) WHERE coalesce(attr_title, '') = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_company_blank_local_id_idx ON documents (company_id, updated_at, id) WHERE coalesce(local_id, '') = '';
