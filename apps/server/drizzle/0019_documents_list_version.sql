ALTER TABLE "document_list_stats" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A company's documents version: bumped by every statement that inserts, updates or deletes its documents, in
-- the writer's transaction (statement triggers, one firing per statement however many rows, as the members'
-- list version of 0005). A deep page's keyset anchor (documents.service.ts) is remembered under this version
-- and used only while it is unchanged, so an anchor never outlives the order it was taken from. Counting is as
-- in 0008; an update changes no count.
CREATE OR REPLACE FUNCTION document_list_stats_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE sign int := CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END;
BEGIN
  INSERT INTO document_list_stats AS s (company_id, document_count, version)
  SELECT company_id, sign * count(*), 1 FROM changed_rows GROUP BY company_id
  ON CONFLICT (company_id) DO UPDATE
    SET document_count = greatest(s.document_count + EXCLUDED.document_count, 0), version = s.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_list_stats_upd AFTER UPDATE ON documents
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_stats_apply();
