-- 未入力 of a text item sorted by title (issue 35): collected, 150,000 blank 管理番号 cost 113 ms a request even
-- index-only (0051), past a second at 20 clients on two cores. These partial indexes hold the blanks in title
-- order, so the page is walked: its 51 entries and nothing else, however the blanks lie (documents.plan.ts
-- isBlankWalkIndexed). Update order has its own since 0041 (now 0051's *_sort_idx).
CREATE INDEX IF NOT EXISTS documents_company_blank_counterparty_title_idx ON documents (company_id, title, id) WHERE coalesce(counterparty, '') = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_company_blank_title_title_idx ON documents (company_id, title, id) WHERE coalesce(attr_title, '') = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS documents_company_blank_local_id_title_idx ON documents (company_id, title, id) WHERE coalesce(local_id, '') = '';
