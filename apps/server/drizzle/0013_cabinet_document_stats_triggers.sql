-- Statement triggers keep cabinet_document_stats exact for every writer of document_cabinets (filing,
-- moving, unlinking, classification, import, cabinet and document deletes by cascade): one firing per
-- statement however many rows, so moving 10,000 documents updates two rows.
INSERT INTO cabinet_document_stats (cabinet_id, document_count)
SELECT cabinet_id, count(*) FROM document_cabinets GROUP BY cabinet_id
ON CONFLICT (cabinet_id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_document_stats_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE sign int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO cabinet_document_stats AS s (cabinet_id, document_count)
  SELECT cabinet_id, sign * count(*) FROM changed_rows GROUP BY cabinet_id
  ON CONFLICT (cabinet_id) DO UPDATE SET document_count = greatest(s.document_count + EXCLUDED.document_count, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_cabinets_stats_ins AFTER INSERT ON document_cabinets
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cabinet_document_stats_apply();
--> statement-breakpoint
CREATE TRIGGER document_cabinets_stats_del AFTER DELETE ON document_cabinets
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION cabinet_document_stats_apply();
