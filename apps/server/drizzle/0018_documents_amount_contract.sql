-- A contract-date + amount search collects its matches through an index holding both ranges (0016). With the
-- date first, the scan reads every entry of the date range and checks the amount on each: a half-year of a
-- million documents is 141,000 entries for 8,700 matches. When the amount range is the narrower one (52,000
-- entries there), this index lets the planner scan that range instead; like 0016 it carries the sort key and
-- id, so collecting, counting and sorting the matches stay index-only. Same name and key columns as schema.ts.
CREATE INDEX IF NOT EXISTS "documents_company_amount_contract_idx" ON "documents" USING btree ("company_id","amount","contract_at") INCLUDE ("updated_at","id");
