-- SSO domains, verified by a DNS TXT record before they route anything (docs/design.md "Single sign-on").
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_company_domain_key" ON "sso_domains" USING btree ("company_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_domain_key" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" is not null;--> statement-breakpoint
-- The JIT domains listed so far were never proven: each becomes an unverified claim of its company (with a
-- fresh verification token), so it stops routing unknown addresses until its company publishes the TXT record.
INSERT INTO "sso_domains" ("company_id", "domain", "token")
SELECT DISTINCT s."company_id", lower(d.domain), replace(gen_random_uuid()::text, '-', '')
FROM "sso_settings" s, unnest(s."jit_domains") AS d(domain)
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "sso_settings" DROP COLUMN "jit_domains";