-- A bulk run's row records (migration 0050) are written 2,000 to a statement; each btree keyed by something that is
-- not time (target, address or 管理番号) wrote a random page per row, most of the cost of recording a bulk run on a
-- table of millions (docs/decisions.md "Bulk runs' rows beside the chain"). The address or 管理番号 and the target
-- id name a few rows each, so they need no order: one GIN over both (company-prefixed; an empty one removed),
-- whose inserts append to its pending list and are merged a megabyte at a time. Names and titles keep their btree:
-- a common one names thousands of rows and is walked in time order.
DROP INDEX IF EXISTS "audit_row_records_target_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_row_records_ident_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_row_records_keys_idx" ON "audit_row_records" USING gin ((array_remove(array["company_id"::text || "ident_key", "company_id"::text || "target_id"], "company_id"::text))) WITH (fastupdate=true,gin_pending_list_limit=1024);