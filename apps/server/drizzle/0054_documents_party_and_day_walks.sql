-- 取引先 and 未入力 at a million documents, what 0051/0053 left short (issue 35; bench/RESULTS.md has the plans).
-- A partial 取引先 is walked in update order like a keyword (its words in the search text), but each entry had its
-- 取引先 rechecked, which the covering text index (0021) did not carry: every walked entry (~1,500 for a page of a
-- name in 3 % of the documents) was read from the table. The index now carries the 取引先 too, so the walk is
-- index-only and the recheck runs on the entries whose text matched. A B-tree entry must stay under ~2.7 KB:
-- the size both indexes split on is the search text and the 取引先 together (schema.ts walkTextBytes).
CREATE INDEX IF NOT EXISTS documents_company_updated_text_party_idx ON documents (company_id, updated_at, id) INCLUDE (search_text, counterparty) WHERE octet_length(search_text) + octet_length(coalesce(counterparty, '')) <= 2000;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_company_updated_long_text_party_idx ON documents (company_id, updated_at, id) WHERE octet_length(search_text) + octet_length(coalesce(counterparty, '')) > 2000;
--> statement-breakpoint
DROP INDEX IF EXISTS documents_company_updated_text_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS documents_company_updated_long_text_idx;
--> statement-breakpoint
-- 未入力 of the amount with a contract-date range: its matches were collected (33,264 for a half-year of a
-- million documents) to be sorted by update time, because walking update order passes every newer document
-- first. Here the blank amounts are held by contract day, then update time: each day of the range is read in
-- update order, at most a page's end of it, and the days are merged (documents.plan.ts dayWalkDays).
CREATE INDEX IF NOT EXISTS documents_company_blank_amount_contract_idx ON documents (company_id, contract_at, updated_at, id) WHERE amount IS NULL;
