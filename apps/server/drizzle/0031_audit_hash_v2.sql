-- A cheaper event hash (version 2), for audit:verify at ten million events: building each row's jsonb array
-- and printing it cost more than reading the table (docs/decisions.md "Audit log"). Version 2 joins the
-- same columns as text with a unit separator and ends with the byte length of every free-text column, so no
-- text can slide from one column into its neighbour unseen (the separator may occur inside names; the
-- lengths fix where each column ends). The time is the binary protocol's form of timestamptz (microseconds
-- since 2000 as 8 bytes, in hex): exact, the same whatever the session's time zone, and cheaper than extracting
-- the epoch as numeric. Events written before keep version 1 and are verified with it: the chain is never
-- rewritten.
ALTER TABLE "audit_events" ADD COLUMN "hash_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash_version" SET DEFAULT 2;--> statement-breakpoint
-- The hash of an event's columns, each formula once. Called with columns (not a whole row) and declared STABLE
-- and PARALLEL SAFE, PostgreSQL inlines it into the query that calls it: verify's scan then computes it in its
-- parallel workers as if written out (a whole-row function call is not inlined and took twice as long).
CREATE OR REPLACE FUNCTION audit_event_hash_of(
  hash_version smallint, prev_hash text, id uuid, company_id uuid, seq bigint, occurred_at timestamptz,
  actor_id uuid, actor_name text, actor_email text, ip text, user_agent text, request_id text, action text,
  category text, target_type text, target_id text, target_name text, details jsonb
) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE hash_version WHEN 1 THEN
    encode(sha256(convert_to(prev_hash || jsonb_build_array(
      id, company_id, seq, (extract(epoch FROM occurred_at) * 1000000)::bigint,
      actor_id, actor_name, actor_email, ip, user_agent, request_id,
      action, category, target_type, target_id, target_name, details)::text, 'UTF8')), 'hex')
  ELSE
    encode(sha256(convert_to(concat_ws(E'\x1f', prev_hash,
      id, company_id, seq, encode(timestamptz_send(occurred_at), 'hex'), coalesce(actor_id::text, ''),
      actor_name, actor_email, ip, user_agent, request_id,
      action, category, target_type, target_id, target_name, details,
      octet_length(actor_name), octet_length(actor_email), octet_length(ip), octet_length(user_agent),
      octet_length(request_id), octet_length(action), octet_length(category), octet_length(target_type),
      octet_length(target_id), octet_length(target_name)), 'UTF8')), 'hex')
  END
$$;
--> statement-breakpoint
-- The trigger's (and a tamperer's) form: the hash of a whole row.
CREATE OR REPLACE FUNCTION audit_event_hash(e audit_events) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT audit_event_hash_of(e.hash_version, e.prev_hash, e.id, e.company_id, e.seq, e.occurred_at,
    e.actor_id, e.actor_name, e.actor_email, e.ip, e.user_agent, e.request_id, e.action, e.category,
    e.target_type, e.target_id, e.target_name, e.details)
$$;
--> statement-breakpoint
-- New events are always version 2, whatever the writer sends.
CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
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
