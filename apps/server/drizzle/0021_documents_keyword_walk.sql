-- A keyword found in a few percent of a million documents (東, a counterparty's name) is searched by walking the
-- update-order index and testing each entry's search text until a page is full: ~1,500 entries per page, and
-- each was one table read. This index carries the text (INCLUDE), so the walk is an index-only scan and only
-- the 50 rows of the page are read from the table (4.6 → 2.2 ms for 東 on a million documents, measured).
-- A B-tree entry must stay under ~2.7 KB, so it holds the documents whose text is at most 2,000 bytes (every
-- document of the seed: 330 bytes on average); the rare longer ones are in the second, small index, and the
-- page statement walks both and merges them (documents.repository.ts). No document's insert can fail on size.
-- Same names, key columns and predicates as schema.ts.
CREATE INDEX IF NOT EXISTS "documents_company_updated_text_idx" ON "documents" USING btree ("company_id","updated_at","id") INCLUDE ("search_text") WHERE octet_length("search_text") <= 2000;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_company_updated_long_text_idx" ON "documents" USING btree ("company_id","updated_at","id") WHERE octet_length("search_text") > 2000;
