CREATE TABLE "sso_consumed_assertions" (
	"company_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_consumed_assertions_company_id_assertion_id_pk" PRIMARY KEY("company_id","assertion_id")
);
--> statement-breakpoint
CREATE TABLE "sso_requests" (
	"browser" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"return_to" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"idp_entity_id" text NOT NULL,
	"idp_sso_url" text NOT NULL,
	"idp_certificates" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_attribute" text NOT NULL,
	"name_attribute" text NOT NULL,
	"organization_attribute" text NOT NULL,
	"jit_enabled" boolean DEFAULT false NOT NULL,
	"jit_group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"jit_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"exception_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"last_test" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "via_sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_consumed_assertions" ADD CONSTRAINT "sso_consumed_assertions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_requests" ADD CONSTRAINT "sso_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_consumed_assertions_expires_idx" ON "sso_consumed_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_requests_expires_idx" ON "sso_requests" USING btree ("expires_at");