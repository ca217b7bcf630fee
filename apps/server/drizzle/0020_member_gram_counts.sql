-- Totals of 1–2 character member keywords (issue 3 "Scale": 「山」 as fast as a long keyword). Such a keyword is
-- one element of users.search_grams (0010), which holds each member's distinct unigrams and bigrams, so its
-- total is the number of the company's members holding that gram: kept here by statement triggers, instead
-- of counting tens of thousands of rows on every new short keyword (「田」: 23,586 of 100,000 members, 30–150 ms).
CREATE TABLE member_gram_counts (
  company_id uuid NOT NULL,
  gram text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (company_id, gram)
);
--> statement-breakpoint
INSERT INTO member_gram_counts (company_id, gram, n)
SELECT company_id, g, count(*) FROM users, unnest(search_grams) AS g GROUP BY company_id, g;
--> statement-breakpoint
-- Only rows whose grams changed count, applied straight from the grouped transition rows in key order. The
-- triggers are named to fire after users_list_stats_* (triggers fire in name order), whose lock on the
-- company's member_list_stats row already serialises member writes of one company: two writers never lock
-- gram rows in opposite orders.
CREATE OR REPLACE FUNCTION member_gram_counts_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_gram_counts AS c (company_id, gram, n)
    SELECT company_id, g, count(*) FROM new_rows, unnest(search_grams) AS g GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (company_id, gram) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO member_gram_counts AS c (company_id, gram, n)
    SELECT company_id, g, -count(*) FROM old_rows, unnest(search_grams) AS g GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (company_id, gram) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO member_gram_counts AS c (company_id, gram, n)
    SELECT company_id, g, sum(d) FROM (
      SELECT n.company_id, g, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id, unnest(n.search_grams) AS g
        WHERE o.search_text IS DISTINCT FROM n.search_text
      UNION ALL
      SELECT o.company_id, g, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id, unnest(o.search_grams) AS g
        WHERE o.search_text IS DISTINCT FROM n.search_text
    ) u GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, gram) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_list_stats_z_grams_ins AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_gram_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_list_stats_z_grams_upd AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_gram_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_list_stats_z_grams_del AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_gram_counts_users();
