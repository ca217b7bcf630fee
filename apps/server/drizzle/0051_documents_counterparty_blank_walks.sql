-- 取引先 and 未入力 at a million documents (issue 35; bench/RESULTS.md has the plans and figures).
-- 取引先 exact: the (company, search_fold(counterparty)) index found the matches but could not count them
-- index-only (PostgreSQL needs an expression's own column in the index for that) nor give their update order, so
-- each request read every match from the table (31,932 rows, 333 ms one client). With the order and the column,
-- counting and sorting them is one index-only read (19 ms). It replaces the old index: same leading columns.
CREATE INDEX IF NOT EXISTS documents_company_counterparty_fold_walk_idx ON documents (company_id, search_fold(counterparty), updated_at, id) INCLUDE (counterparty);
--> statement-breakpoint
DROP INDEX IF EXISTS documents_company_counterparty_fold_idx;
--> statement-breakpoint
-- 未入力 of the text items: the planner had no statistics on coalesce(column, '') and took 150,000 blank 管理番号
-- for 5,000. Expression statistics give it the share (ANALYZE fills them).
CREATE STATISTICS IF NOT EXISTS documents_blank_counterparty_stats ON (coalesce(counterparty, '')) FROM documents;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS documents_blank_title_stats ON (coalesce(attr_title, '')) FROM documents;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS documents_blank_local_id_stats ON (coalesce(local_id, '')) FROM documents;
--> statement-breakpoint
-- A blank search sorted by anything but update time collects its matches (they may lie together in that order,
-- documents.plan.ts walkMayPassMost): the partial indexes now carry every sort key, so collecting reads no table
-- row (150,000 blank 管理番号 sorted by title: 722 → 113 ms one client). Blank rows are few, so are these indexes.
DROP INDEX IF EXISTS documents_company_blank_counterparty_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS documents_company_blank_title_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS documents_company_blank_local_id_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_company_blank_counterparty_sort_idx ON documents (company_id, updated_at, id) INCLUDE (title, created_at, sent_at, concluded_at, contract_at, validity_start_at, validity_end_at, validity_end_notice_at, amount) WHERE coalesce(counterparty, '') = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_company_blank_title_sort_idx ON documents (company_id, updated_at, id) INCLUDE (title, created_at, sent_at, concluded_at, contract_at, validity_start_at, validity_end_at, validity_end_notice_at, amount) WHERE coalesce(attr_title, '') = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_company_blank_local_id_sort_idx ON documents (company_id, updated_at, id) INCLUDE (title, created_at, sent_at, concluded_at, contract_at, validity_start_at, validity_end_at, validity_end_notice_at, amount) WHERE coalesce(local_id, '') = '';
--> statement-breakpoint
-- The statistics exist once the table is analysed: one pass here (about 40 s at a million documents).
ANALYZE documents;
