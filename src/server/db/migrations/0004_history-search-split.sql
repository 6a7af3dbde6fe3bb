CREATE TABLE "chat_session_search" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"meta" "tsvector" NOT NULL,
	"keywords" "tsvector" NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "chat_session_summaries_document_idx";--> statement-breakpoint
ALTER TABLE "chat_session_search" ADD CONSTRAINT "chat_session_search_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_session_search_document_idx" ON "chat_session_search" USING gin ("document");--> statement-breakpoint
ALTER TABLE "chat_session_summaries" DROP COLUMN "meta";--> statement-breakpoint
ALTER TABLE "chat_session_summaries" DROP COLUMN "document";--> statement-breakpoint
ALTER TABLE "chat_session_summaries" DROP COLUMN "keywords";--> statement-breakpoint
-- Written by hand: the document is read through its index, or copied whole; stored uncompressed, a copy is not a pglz decompression.
ALTER TABLE "chat_session_search" ALTER COLUMN "document" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Search documents are rebuilt on the next search, now in their own table.
UPDATE "chat_session_summaries" SET "change_seq" = "change_seq" + 1;
