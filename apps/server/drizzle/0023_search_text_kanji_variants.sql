-- Keyword search folds old and variant kanji (髙 → 高, 﨑 → 崎, 邊/邉 → 辺, 齋/齊/斉 → 斎, 德 → 徳 …; the table is
-- apps/server/src/lib/kanji-variants.ts, written out here as it stood). Writes fold them from now on; the rows
-- already stored are re-normalised here, set-based: one UPDATE per table touching only the rows that hold a
-- variant (a sequential read of search_text, no per-row round trip), so a million documents take one scan.
-- The grams (users.search_grams generated column, document_search_grams() expression index) and the gram
-- counts (statement triggers) follow the new search_text by themselves.
UPDATE users SET search_text = translate(search_text, '髙﨑嵜碕邊邉齋齊斉德澤嶋嶌濱濵廣國櫻關瀨瀧冨惠榮眞實藏壽曾淵槇舘槗𠮷戶鐵學會圓萬彌豐黑靜條來龍', '高崎崎崎辺辺斎斎斎徳沢島島浜浜広国桜関瀬滝富恵栄真実蔵寿曽渕槙館橋吉戸鉄学会円万弥豊黒静条来竜')
WHERE search_text ~ '[髙﨑嵜碕邊邉齋齊斉德澤嶋嶌濱濵廣國櫻關瀨瀧冨惠榮眞實藏壽曾淵槇舘槗𠮷戶鐵學會圓萬彌豐黑靜條來龍]';
--> statement-breakpoint
UPDATE documents SET search_text = translate(search_text, '髙﨑嵜碕邊邉齋齊斉德澤嶋嶌濱濵廣國櫻關瀨瀧冨惠榮眞實藏壽曾淵槇舘槗𠮷戶鐵學會圓萬彌豐黑靜條來龍', '高崎崎崎辺辺斎斎斎徳沢島島浜浜広国桜関瀬滝富恵栄真実蔵寿曽渕槙館橋吉戸鉄学会円万弥豊黒静条来竜')
WHERE search_text ~ '[髙﨑嵜碕邊邉齋齊斉德澤嶋嶌濱濵廣國櫻關瀨瀧冨惠榮眞實藏壽曾淵槇舘槗𠮷戶鐵學會圓萬彌豐黑靜條來龍]';
