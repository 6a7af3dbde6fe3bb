DROP INDEX "chat_session_summaries_stale_idx";--> statement-breakpoint
ALTER TABLE "chat_session_summaries" ADD COLUMN "keywords" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_session_summaries_user_idx" ON "chat_session_summaries" USING btree ("user_id");--> statement-breakpoint
-- Written by hand: room on every page, so the triggers' updates of counts and previews stay in-page (HOT).
ALTER TABLE "chat_session_summaries" SET (fillfactor = 70);--> statement-breakpoint
-- Search documents are rebuilt with keywords on the next search.
UPDATE "chat_session_summaries" SET "change_seq" = "change_seq" + 1;
