ALTER TABLE "companies" ADD COLUMN "audit_retention_years" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
-- "Kept at least 5 years": a shorter period cannot be stored, whatever writes it.
ALTER TABLE "companies" ADD CONSTRAINT "companies_audit_retention_min" CHECK ("audit_retention_years" >= 5);
