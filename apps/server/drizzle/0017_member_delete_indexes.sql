CREATE INDEX "bulk_manipulations_created_by_idx" ON "bulk_manipulations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "cabinet_backfills_created_by_idx" ON "cabinet_backfills" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "documents_sender_idx" ON "documents" USING btree ("sender_id");