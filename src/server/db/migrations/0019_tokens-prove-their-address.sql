ALTER TABLE "chat_sessions" ADD COLUMN "titled_at_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_token_sent_to" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_sent_to" text;--> statement-breakpoint
-- Written by hand (decision 050). chat_sessions.titled_at_messages starts at 0: every conversation may be
-- titled once more on request. Outstanding reset links were issued without their address and may
-- have survived an e-mail change (issue 28): they die; whoever needs one asks again (they last an hour).
-- Outstanding verification links were replaced at every e-mail change, so they were sent to the
-- current address: they keep working. One pass over the users table.
UPDATE "users" SET "reset_token" = NULL, "reset_token_expires" = NULL WHERE "reset_token" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "email_verification_sent_to" = lower("email") WHERE "email_verification_token" IS NOT NULL;
