CREATE TABLE "cabinet_backfills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"cabinet_id" uuid NOT NULL,
	"group_ids" uuid[] NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"cursor" uuid,
	"processed" integer DEFAULT 0 NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cabinet_backfills" ADD CONSTRAINT "cabinet_backfills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_backfills" ADD CONSTRAINT "cabinet_backfills_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_backfills" ADD CONSTRAINT "cabinet_backfills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cabinet_backfills_cabinet_idx" ON "cabinet_backfills" USING btree ("cabinet_id","created_at");