ALTER TABLE "companies" ADD COLUMN "theme" text DEFAULT 'cloudsign' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "settings_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "settings_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The theme was kept per member only: a company takes the one its members have (the SMBC one if any has it).
UPDATE "companies" c SET "theme" = 'smbc-cloudsign' WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."company_id" = c."id" AND u."theme" = 'smbc-cloudsign');
