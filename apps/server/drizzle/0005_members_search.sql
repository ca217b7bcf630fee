-- Member keyword search and list bookkeeping (issue 3 "Scale").
--
-- Keyword search: users.search_text holds the normalised name, email and 所属. Trigrams cannot serve one- or
-- two-character keywords (山, 大阪), so every member is also indexed by the unigrams and bigrams of that text:
-- a keyword of 1–2 characters is one exact array element, a longer one is the AND of its bigrams, rechecked
-- with LIKE. The function is IMMUTABLE so it backs an expression index: no extra column to keep in sync, and
-- bulk writers that only set search_text get the index for free.
CREATE OR REPLACE FUNCTION member_search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
  ) s WHERE g !~ '\s'
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_grams_idx ON users USING gin (member_search_grams(search_text));
--> statement-breakpoint
-- Trigram index for LIKE '%long keyword%' (the planner may combine it with the grams index).
CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
INSERT INTO member_list_stats (company_id, member_count, version)
SELECT c.id, (SELECT count(*) FROM users u WHERE u.company_id = c.id), 1 FROM companies c
ON CONFLICT (company_id) DO NOTHING;
--> statement-breakpoint
-- Statement triggers (one firing per statement, however many rows) keep member_list_stats exact for every
-- writer: the API, bulk jobs, the seed. The row lock on a company's stats row serialises concurrent member
-- writes of that company only for the commit's duration.
CREATE OR REPLACE FUNCTION member_list_stats_bump(companies uuid[], delta_by_company jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_list_stats AS s (company_id, member_count, version)
  SELECT c, greatest(coalesce((delta_by_company ->> c::text)::int, 0), 0), 1 FROM unnest(companies) AS c
  ON CONFLICT (company_id) DO UPDATE
    SET member_count = s.member_count + coalesce((delta_by_company ->> s.company_id::text)::int, 0),
        version = s.version + 1;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_list_stats_users() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), jsonb_object_agg(company_id, n) INTO ids, deltas
      FROM (SELECT company_id, count(*) AS n FROM changed_rows GROUP BY company_id) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), jsonb_object_agg(company_id, -n) INTO ids, deltas
      FROM (SELECT company_id, count(*) AS n FROM changed_rows GROUP BY company_id) x;
  ELSE
    SELECT array_agg(DISTINCT company_id), '{}'::jsonb INTO ids, deltas FROM changed_rows;
  END IF;
  IF ids IS NOT NULL THEN PERFORM member_list_stats_bump(ids, deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_list_stats_ins AFTER INSERT ON users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_users();
--> statement-breakpoint
CREATE TRIGGER users_list_stats_upd AFTER UPDATE ON users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_users();
--> statement-breakpoint
CREATE TRIGGER users_list_stats_del AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_users();
--> statement-breakpoint
-- Group memberships: the company is found through the group or the member (whichever still exists while a
-- delete cascades from one of them).
CREATE OR REPLACE FUNCTION member_list_stats_memberships() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT company_id) INTO ids FROM (
    SELECT g.company_id FROM member_groups g WHERE g.id IN (SELECT DISTINCT group_id FROM changed_rows)
    UNION
    SELECT u.company_id FROM users u WHERE u.id IN (SELECT DISTINCT user_id FROM changed_rows)
  ) x;
  IF ids IS NOT NULL THEN PERFORM member_list_stats_bump(ids, '{}'::jsonb); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_group_users_list_stats_ins AFTER INSERT ON member_group_users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_memberships();
--> statement-breakpoint
CREATE TRIGGER member_group_users_list_stats_del AFTER DELETE ON member_group_users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_memberships();
--> statement-breakpoint
-- Tables whose rows carry company_id directly: groups (a deleted group empties its filter) and cabinets
-- (a deleted cabinet empties its readers list).
CREATE OR REPLACE FUNCTION member_list_stats_company_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT company_id) INTO ids FROM changed_rows;
  IF ids IS NOT NULL THEN PERFORM member_list_stats_bump(ids, '{}'::jsonb); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_groups_list_stats_del AFTER DELETE ON member_groups
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_company_rows();
--> statement-breakpoint
CREATE TRIGGER cabinets_list_stats_del AFTER DELETE ON cabinets
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_company_rows();
--> statement-breakpoint
-- Who may read a cabinet (the cabinetId filter of GET /members): its admins and its member groups.
CREATE OR REPLACE FUNCTION member_list_stats_cabinet_links() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT c.company_id) INTO ids FROM cabinets c
    WHERE c.id IN (SELECT DISTINCT cabinet_id FROM changed_rows);
  IF ids IS NOT NULL THEN PERFORM member_list_stats_bump(ids, '{}'::jsonb); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cabinet_admins_list_stats_ins AFTER INSERT ON cabinet_admins
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_cabinet_links();
--> statement-breakpoint
CREATE TRIGGER cabinet_admins_list_stats_del AFTER DELETE ON cabinet_admins
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_cabinet_links();
--> statement-breakpoint
CREATE TRIGGER cabinet_member_groups_list_stats_ins AFTER INSERT ON cabinet_member_groups
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_cabinet_links();
--> statement-breakpoint
CREATE TRIGGER cabinet_member_groups_list_stats_del AFTER DELETE ON cabinet_member_groups
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_stats_cabinet_links();
