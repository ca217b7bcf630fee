-- When 2要素認証 last became required: sessions started earlier go on; enrolment is asked from the next sign-in.
ALTER TABLE "companies" ADD COLUMN "mfa_required_at" timestamp with time zone;
