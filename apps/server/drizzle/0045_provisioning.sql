CREATE TABLE "provisioning_external_ids" (
	"company_id" uuid NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	CONSTRAINT "provisioning_external_ids_resource_type_resource_id_pk" PRIMARY KEY("resource_type","resource_id")
);
--> statement-breakpoint
CREATE TABLE "provisioning_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_id" uuid,
	"token_name" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"resource" text DEFAULT '' NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"status" smallint NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provisioning_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_used_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "provisioning_external_ids" ADD CONSTRAINT "provisioning_external_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_log" ADD CONSTRAINT "provisioning_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_tokens" ADD CONSTRAINT "provisioning_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_tokens" ADD CONSTRAINT "provisioning_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provisioning_external_ids_lookup_idx" ON "provisioning_external_ids" USING btree ("company_id","resource_type","external_id");--> statement-breakpoint
CREATE INDEX "provisioning_log_company_time_idx" ON "provisioning_log" USING btree ("company_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provisioning_log_time_idx" ON "provisioning_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provisioning_tokens_hash_key" ON "provisioning_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "provisioning_tokens_company_idx" ON "provisioning_tokens" USING btree ("company_id","created_at");