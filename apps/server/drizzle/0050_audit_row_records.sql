CREATE TABLE "audit_row_records" (
	"company_id" uuid NOT NULL,
	"event_seq" bigint NOT NULL,
	"position" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"category" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text NOT NULL,
	"name_key" text NOT NULL,
	"ident_key" text NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_row_records_event_key" ON "audit_row_records" USING btree ("company_id","event_seq","position");--> statement-breakpoint
CREATE INDEX "audit_row_records_time_idx" ON "audit_row_records" USING btree ("company_id","occurred_at" DESC NULLS LAST,"event_seq" DESC NULLS LAST,"position" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_row_records_target_idx" ON "audit_row_records" USING btree ("company_id","target_type","target_id","occurred_at" DESC NULLS LAST,"event_seq" DESC NULLS LAST,"position" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_row_records_name_idx" ON "audit_row_records" USING btree ("company_id","name_key","occurred_at" DESC NULLS LAST,"event_seq" DESC NULLS LAST,"position" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_row_records_ident_idx" ON "audit_row_records" USING btree ("company_id","ident_key","occurred_at" DESC NULLS LAST,"event_seq" DESC NULLS LAST,"position" DESC NULLS LAST) WHERE "audit_row_records"."ident_key" <> '';--> statement-breakpoint
CREATE INDEX "audit_row_records_actor_idx" ON "audit_row_records" USING btree ("company_id","actor_id","occurred_at" DESC NULLS LAST,"event_seq" DESC NULLS LAST,"position" DESC NULLS LAST);--> statement-breakpoint
-- Bulk runs' per-row records beside the chain (docs/decisions.md "Bulk runs' rows beside the chain"). Existing
-- per-row events stay where they are: they are chained events, and moving them out would break the chain they
-- are links of; the viewer reads both. Append-only as the events are: the one delete let through is of a row
-- whose event the retention function of this transaction is deleting.
CREATE OR REPLACE FUNCTION audit_row_records_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW' THEN
    IF EXISTS (
      SELECT 1 FROM audit_retention_marks m
      WHERE m.company_id = OLD.company_id AND OLD.event_seq < m.first_kept_seq
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '監査ログは追記のみです（変更・削除はできません）。'
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_row_records_append_only BEFORE UPDATE OR DELETE ON audit_row_records
  FOR EACH ROW EXECUTE FUNCTION audit_row_records_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_row_records_no_truncate BEFORE TRUNCATE ON audit_row_records
  FOR EACH STATEMENT EXECUTE FUNCTION audit_row_records_refuse_change();
--> statement-breakpoint
-- Retention deletes the rows of the events it deletes, in the same transaction (migration audit_chain_owner,
-- unchanged otherwise).
CREATE OR REPLACE FUNCTION audit_prune_expired(p_company_id uuid, p_now timestamptz)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  company record;
  cut timestamptz;
  kept record;
  bound bigint;
  gone bigint;
  last_gone bigint;
BEGIN
  SELECT c.name, c.audit_retention_years AS years INTO company FROM companies c WHERE c.id = p_company_id;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  cut := least(p_now, now()) - make_interval(years => company.years);
  SELECT e.seq, e.prev_hash INTO kept FROM audit_events e
    WHERE e.company_id = p_company_id AND e.seq = (SELECT min(k.seq) FROM audit_events k
      WHERE k.company_id = p_company_id AND k.occurred_at >= cut);
  bound := coalesce(kept.seq, (SELECT max(e.seq) + 1 FROM audit_events e WHERE e.company_id = p_company_id));
  IF bound IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO audit_retention_marks (company_id, first_kept_seq, cutoff) VALUES (p_company_id, bound, cut);
  DELETE FROM audit_row_records r WHERE r.company_id = p_company_id AND r.event_seq < bound;
  WITH d AS (DELETE FROM audit_events e WHERE e.company_id = p_company_id AND e.seq < bound RETURNING e.seq)
    SELECT count(*), max(d.seq) INTO gone, last_gone FROM d;
  DELETE FROM audit_retention_marks WHERE company_id = p_company_id;
  IF gone = 0 THEN
    RETURN 0;
  END IF;
  INSERT INTO audit_events (company_id, action, category, target_type, target_id, target_name, details)
  VALUES (p_company_id, 'auditLog.pruned', 'auditLog', 'company', p_company_id::text, company.name,
    jsonb_build_object(
      'retentionYears', company.years,
      'before', to_char(cut AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'deleted', gone,
      'lastDeletedSeq', last_gone,
      'firstKept', CASE WHEN kept.seq IS NULL THEN NULL
        ELSE jsonb_build_object('seq', kept.seq, 'prevHash', kept.prev_hash) END));
  RETURN gone;
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION audit_prune_expired(uuid, timestamptz) FROM PUBLIC;
