CREATE TABLE "document_list_stats" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"document_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "documents_company_created_idx" ON "documents" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_company_sent_idx" ON "documents" USING btree ("company_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "documents_company_concluded_idx" ON "documents" USING btree ("company_id","concluded_at","id");--> statement-breakpoint
CREATE INDEX "documents_company_contract_idx" ON "documents" USING btree ("company_id","contract_at","id");--> statement-breakpoint
CREATE INDEX "documents_company_validity_start_idx" ON "documents" USING btree ("company_id","validity_start_at","id");--> statement-breakpoint
CREATE INDEX "documents_company_validity_end_idx" ON "documents" USING btree ("company_id","validity_end_at","id");--> statement-breakpoint
CREATE INDEX "documents_company_validity_notice_idx" ON "documents" USING btree ("company_id","validity_end_notice_at","id");--> statement-breakpoint
CREATE INDEX "documents_company_amount_idx" ON "documents" USING btree ("company_id","amount","id");--> statement-breakpoint
CREATE INDEX "documents_company_title_idx" ON "documents" USING btree ("company_id","title","id");