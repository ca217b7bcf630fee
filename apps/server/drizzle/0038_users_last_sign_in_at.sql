-- 最終ログイン日時: one write per completed sign-in; indexes for its sort and the two clean-up filters.
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_company_last_sign_in_idx" ON "users" USING btree ("company_id",coalesce("last_sign_in_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "users_company_active_at_idx" ON "users" USING btree ("company_id",coalesce("last_sign_in_at", "created_at"));