-- 作成元: how each member came to exist; every member before this column was added by hand (手動).
ALTER TABLE "users" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;