-- Keyword search with other conditions (「契約」 with an amount range, a status, a date): PostgreSQL often reads the
-- rows of the other condition's index and tests the keyword on each of them, and with 0008's expression index
-- that test ran document_search_grams() again for every row (about 0.3 ms each: 15,000 rows of an amount range
-- took 8.8 s on 300,000 documents, where LIKE takes 25 ms). A lossy bitmap page (a frequent gram at a million
-- documents) rechecks the same way. The grams are now stored once per row in a generated column, as the
-- members' are (0010): a filter or a recheck compares a stored array, never recomputes one, whatever plan is
-- chosen. The index keys, the function and every writer stay the same. Adding the column rewrites the table
-- once, computing the grams of every document once (12 minutes for 300,000 on two cores busy with other work).
-- Not in schema.ts on purpose: only the search reads it, and full-row selects should not carry it.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS search_grams text[] GENERATED ALWAYS AS (document_search_grams(search_text)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS documents_search_grams_idx;
--> statement-breakpoint
CREATE INDEX documents_search_grams_idx ON documents USING gin (search_grams);
--> statement-breakpoint
-- 0011's statistics target, now the column's: up to 10,000 most common grams tracked, so a counterparty's
-- bigram seen in 3 % of the documents is estimated from its own frequency (plans and 「約N件」).
ALTER TABLE documents ALTER COLUMN search_grams SET STATISTICS 1000;
--> statement-breakpoint
-- The planner's estimates of keyword searches read the new column's statistics: gather them now rather than at
-- the next automatic analyze.
ANALYZE documents;
