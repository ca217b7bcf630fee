-- Document keyword search and list bookkeeping (issue 6 "Scale": a million documents in one company).
--
-- documents.search_text holds the normalised title, 管理用タイトル, counterparty, participants and id. Trigrams
-- cannot serve one- or two-character keywords (東, 契約), so every document is indexed by the unigrams and
-- bigrams of that text: a word of 1–2 characters is one exact array element (no recheck needed), a longer one
-- is the AND of its bigrams, rechecked with LIKE. The function is IMMUTABLE so it backs an expression index:
-- no extra column to keep in sync, and every writer that sets search_text (API, import, seed, bulk edit) gets
-- the index for free. One index serves every keyword length, so no trigram index is added on top.
CREATE OR REPLACE FUNCTION document_search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
  ) s WHERE g !~ '\s'
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_search_grams_idx ON documents USING gin (document_search_grams(search_text));
--> statement-breakpoint
INSERT INTO document_list_stats (company_id, document_count)
SELECT c.id, (SELECT count(*) FROM documents d WHERE d.company_id = c.id) FROM companies c
ON CONFLICT (company_id) DO NOTHING;
--> statement-breakpoint
-- Statement triggers (one firing per statement, however many rows) keep document_list_stats exact for every
-- writer. The stats row lock serialises concurrent document inserts of one company only until commit.
CREATE OR REPLACE FUNCTION document_list_stats_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE sign int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO document_list_stats AS s (company_id, document_count)
  SELECT company_id, sign * count(*) FROM changed_rows GROUP BY company_id
  ON CONFLICT (company_id) DO UPDATE SET document_count = greatest(s.document_count + EXCLUDED.document_count, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_list_stats_ins AFTER INSERT ON documents
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_stats_apply();
--> statement-breakpoint
CREATE TRIGGER documents_list_stats_del AFTER DELETE ON documents
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_stats_apply();
