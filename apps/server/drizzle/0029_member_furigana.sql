ALTER TABLE "users" ADD COLUMN "furigana" text;--> statement-breakpoint
CREATE INDEX "users_company_reading_idx" ON "users" USING btree ("company_id",coalesce("furigana", "name"),"name","id");