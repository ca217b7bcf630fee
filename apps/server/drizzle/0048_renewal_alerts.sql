CREATE TABLE "alert_mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"digest_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_sent_keys" (
	"cabinet_id" uuid NOT NULL,
	"rule_key" text NOT NULL,
	"document_id" uuid NOT NULL,
	"deadline" date NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"outbox_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_sent_keys_cabinet_id_rule_key_document_id_deadline_user_id_pk" PRIMARY KEY("cabinet_id","rule_key","document_id","deadline","user_id")
);
--> statement-breakpoint
CREATE TABLE "cabinet_alert_settings" (
	"cabinet_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_mail_outbox" ADD CONSTRAINT "alert_mail_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mail_outbox" ADD CONSTRAINT "alert_mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_sent_keys" ADD CONSTRAINT "alert_sent_keys_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_sent_keys" ADD CONSTRAINT "alert_sent_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_sent_keys" ADD CONSTRAINT "alert_sent_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_alert_settings" ADD CONSTRAINT "cabinet_alert_settings_cabinet_id_cabinets_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."cabinets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_alert_settings" ADD CONSTRAINT "cabinet_alert_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_mail_outbox_pending_idx" ON "alert_mail_outbox" USING btree ("created_at") WHERE "alert_mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "alert_mail_outbox_company_idx" ON "alert_mail_outbox" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "alert_mail_outbox_user_idx" ON "alert_mail_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_sent_keys_company_idx" ON "alert_sent_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "alert_sent_keys_user_idx" ON "alert_sent_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token_hash");