-- Members are found the way their names are typed (issue 32): search_text becomes fixed fields (memberSearchText in
-- packages/contract/src/search-text.ts): the name without its spaces, the フリガナ in katakana without spaces (empty
-- when none), the e-mail, then 所属. 「青木久美子」「山田健」 and the reading in any script (あおき, ｱｵｷ, アオキ) now
-- match; the server ranks whole / leading matches by field position. The stored texts are rebuilt here with the
-- contract's folding written out in SQL (NFKC, lower-case, hiragana → katakana, the variant kanji of
-- kanji-variants.ts as they stand), one set-based UPDATE; search_grams (generated) and member_gram_counts
-- (statement triggers) follow by themselves.
CREATE FUNCTION member_search_norm_0040(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(
    btrim(regexp_replace(translate(lower(normalize(t, NFKC)), 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ', 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ'), '\s+', ' ', 'g')),
    '髙﨑嵜碕邊邉齋齊斉德澤嶋嶌濱濵廣國櫻關瀨瀧冨惠榮眞實藏壽曾淵槇舘槗𠮷戶鐵學會圓萬彌豐黑靜條來龍', '高崎崎崎辺辺斎斎斎徳沢島島浜浜広国桜関瀬滝富恵栄真実蔵寿曽渕槙館橋吉戸鉄学会円万弥豊黒静条来竜')
$$;
--> statement-breakpoint
UPDATE users SET search_text =
  replace(member_search_norm_0040(name), ' ', '') || ' ' ||
  replace(member_search_norm_0040(coalesce(furigana, '')), ' ', '') || ' ' ||
  member_search_norm_0040(email) || ' ' ||
  member_search_norm_0040(organization);
--> statement-breakpoint
DROP FUNCTION member_search_norm_0040(text);
