-- Leavers from provisioning: the successor rule and brake per company, and every deactivation provisioning asked for.
CREATE TABLE "provisioning_deactivations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"token_id" uuid,
	"token_name" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_by_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provisioning_leaver_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"successor_rule" text DEFAULT 'cabinetAdmins' NOT NULL,
	"fallback_member_id" uuid,
	"brake_threshold" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provisioning_deactivations" ADD CONSTRAINT "provisioning_deactivations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_deactivations" ADD CONSTRAINT "provisioning_deactivations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_deactivations" ADD CONSTRAINT "provisioning_deactivations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_leaver_settings" ADD CONSTRAINT "provisioning_leaver_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_leaver_settings" ADD CONSTRAINT "provisioning_leaver_settings_fallback_member_id_users_id_fk" FOREIGN KEY ("fallback_member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provisioning_deactivations_company_idx" ON "provisioning_deactivations" USING btree ("company_id","state","requested_at");--> statement-breakpoint
CREATE INDEX "provisioning_deactivations_member_idx" ON "provisioning_deactivations" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provisioning_deactivations_queued_key" ON "provisioning_deactivations" USING btree ("member_id") WHERE state = 'queued';