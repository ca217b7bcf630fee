CREATE TABLE "member_list_stats" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_company_email_idx" ON "users" USING btree ("company_id","email","id");--> statement-breakpoint
CREATE INDEX "users_company_created_idx" ON "users" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_roles_idx" ON "users" USING gin ("roles");