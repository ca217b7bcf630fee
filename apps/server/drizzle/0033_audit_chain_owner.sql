-- The audit chain's guarantees no longer depend on how a session sets itself up (docs/decisions.md "Audit
-- log", apps/server/src/modules/audit-log/README.md "The database's part"). Before, any session could set
-- `cloudsign.audit_retention` and delete events, and the chain trigger ran as the role inserting, so the API's
-- role needed UPDATE on the head row it could then move back. Now the trigger and the retention function run
-- as the owner of the tables (the role that runs migrations), nobody else holds UPDATE or DELETE on them, and
-- the only way to delete events is the retention function, for events past the company's period.
--
-- Owner functions pin search_path to this schema with pg_temp last: a temporary table of the caller's cannot
-- stand in for audit_chain_heads.
CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE head record;
BEGIN
  INSERT INTO audit_chain_heads (company_id) VALUES (NEW.company_id) ON CONFLICT (company_id) DO NOTHING;
  SELECT seq, hash INTO head FROM audit_chain_heads WHERE company_id = NEW.company_id FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash_version := 2;
  NEW.hash := audit_event_hash(NEW);
  UPDATE audit_chain_heads SET seq = NEW.seq, hash = NEW.hash WHERE company_id = NEW.company_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- What the retention function is deleting, visible only inside its own transaction (it is removed before the
-- function returns and never committed): the append-only trigger lets a DELETE through for these events only.
-- Only the owner can write it.
CREATE TABLE IF NOT EXISTS "audit_retention_marks" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"first_kept_seq" bigint NOT NULL,
	"cutoff" timestamp with time zone NOT NULL
);
--> statement-breakpoint
REVOKE ALL ON audit_retention_marks FROM PUBLIC;
--> statement-breakpoint
-- Append-only, whatever a session has set: the one delete let through is of an event the retention function
-- of this transaction marked (numbered before the first kept event, older than the cutoff).
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: OLD is an audit event only in a row trigger on audit_events.
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW' AND TG_TABLE_NAME = 'audit_events' THEN
    IF EXISTS (
      SELECT 1 FROM audit_retention_marks m
      WHERE m.company_id = OLD.company_id AND OLD.seq < m.first_kept_seq AND OLD.occurred_at < m.cutoff
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '監査ログは追記のみです（変更・削除はできません）。'
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
-- The head moves one event forward at a time (the chain trigger), never back and never sideways.
CREATE OR REPLACE FUNCTION audit_chain_heads_forward_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id = OLD.company_id AND NEW.seq = OLD.seq + 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '監査ログは追記のみです（変更・削除はできません）。'
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_chain_heads_forward_only BEFORE UPDATE ON audit_chain_heads
  FOR EACH ROW EXECUTE FUNCTION audit_chain_heads_forward_only();
--> statement-breakpoint
-- The retention job's one statement. The period is the company's (at least 5 years by a CHECK), counted back
-- from the caller's time or the database's, whichever is earlier: a caller can delete less, never more. It
-- deletes every event numbered before the oldest event inside the period, so the kept events stay one
-- unbroken stretch of the chain, and records `auditLog.pruned` (how many, the first kept event and its stored
-- previous hash: verify walks from there) in the same transaction.
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
--> statement-breakpoint
-- Deployments that followed the earlier role guide granted the worker's role DELETE on audit_events and the
-- API's UPDATE on audit_chain_heads: taken back from every role but the owner.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT DISTINCT c.relname, a.grantee FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a
    WHERE c.oid IN ('audit_events'::regclass, 'audit_chain_heads'::regclass)
      AND a.grantee <> c.relowner AND a.privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')
  LOOP
    EXECUTE format('REVOKE %s ON %I FROM %s',
      CASE r.relname WHEN 'audit_events' THEN 'UPDATE, DELETE, TRUNCATE' ELSE 'INSERT, UPDATE, DELETE, TRUNCATE' END,
      r.relname,
      CASE r.grantee WHEN 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(r.grantee)) END);
  END LOOP;
END $$;
