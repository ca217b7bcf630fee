-- A contract-date + amount search collects its matches (thousands of a million) to sort them by update time.
-- Carrying updated_at and id in 0014's index lets that collection (ids, sort keys and the count: see
-- countedPageQuery) be an index-only scan; only the 50 rows of the page are then read from the table,
-- instead of one random table read per match. Same name and key columns as schema.ts declares.
DROP INDEX IF EXISTS "documents_company_contract_amount_idx";
--> statement-breakpoint
CREATE INDEX "documents_company_contract_amount_idx" ON "documents" USING btree ("company_id","contract_at","amount") INCLUDE ("updated_at","id");
