-- The audit log's guarantees, in the database so that every writer gets them (docs/design.md "Audit log").
-- The hash of an event covers the previous event's hash and every column the viewer shows. jsonb's text
-- form is canonical (keys sorted) and the time is taken as epoch microseconds, so the same row hashes the
-- same on PGlite and PostgreSQL whatever the session's time zone; audit:verify recomputes it with this function.
CREATE OR REPLACE FUNCTION audit_event_hash(e audit_events) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(e.prev_hash || jsonb_build_array(
    e.id, e.company_id, e.seq, (extract(epoch FROM e.occurred_at) * 1000000)::bigint,
    e.actor_id, e.actor_name, e.actor_email, e.ip, e.user_agent, e.request_id,
    e.action, e.category, e.target_type, e.target_id, e.target_name, e.details)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Each insert takes the company's head row FOR UPDATE: one company's events are numbered and chained one at
-- a time (concurrent writers wait for each other's commit, never fork the chain); companies never wait.
CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE head record;
BEGIN
  INSERT INTO audit_chain_heads (company_id) VALUES (NEW.company_id) ON CONFLICT (company_id) DO NOTHING;
  SELECT seq, hash INTO head FROM audit_chain_heads WHERE company_id = NEW.company_id FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_event_hash(NEW);
  UPDATE audit_chain_heads SET seq = NEW.seq, hash = NEW.hash WHERE company_id = NEW.company_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
-- Append-only. The one exception is the retention job, which deletes events older than the retention period
-- with `SET LOCAL cloudsign.audit_retention = 'on'` in its own transaction and records that it did.
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('cloudsign.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '監査ログは追記のみです（変更・削除はできません）。'
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_chain_heads_append_only BEFORE DELETE OR TRUNCATE ON audit_chain_heads
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
