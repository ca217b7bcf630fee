ALTER TABLE "companies" ADD COLUMN "idle_timeout_minutes" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "session_max_hours" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "session_limits_version" integer DEFAULT 0 NOT NULL;