-- Member keyword search, measured on 100,000 members (issue 3 "Scale"): the expression index of
-- 0005_members_search made PostgreSQL re-run member_search_grams() per row whenever a bitmap page needed a
-- recheck (always, once it was ANDed with the lossy trigram index): 8 s for one keyword. The grams are now
-- stored once per row in a generated column, so filters and rechecks compare stored arrays; the trigram
-- index goes (the grams serve every keyword length, and its lossy bitmaps forced those rechecks).
CREATE OR REPLACE FUNCTION member_search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
  ) s WHERE strpos(g, ' ') = 0
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS users_search_grams_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS users_search_trgm_idx;
--> statement-breakpoint
-- Not in schema.ts on purpose: only the member list reads it, and full-row selects (auth on every request)
-- should not carry it.
ALTER TABLE users ADD COLUMN search_grams text[] GENERATED ALWAYS AS (member_search_grams(search_text)) STORED;
--> statement-breakpoint
CREATE INDEX users_search_grams_idx ON users USING gin (search_grams);
