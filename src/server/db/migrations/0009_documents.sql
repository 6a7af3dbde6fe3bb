CREATE TABLE "document_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"label" text NOT NULL,
	"content" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "document_chunks"."content")) STORED
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"executive_role" text NOT NULL,
	"industry" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"extraction_status" text DEFAULT 'pending' NOT NULL,
	"content" text,
	"text_chars" integer,
	"page_count" integer,
	"sheet_count" integer,
	"extraction_notes" text[] DEFAULT '{}'::text[] NOT NULL,
	"analysis" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('processing', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_chunks_document_idx" ON "document_chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key_unique" ON "documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "documents_session_idx" ON "documents" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
-- Hand-written: a document's stored object goes with its row, however the row goes (the document,
-- its conversation, its message or its account deleted). The removal is a durable job (src/server/jobs)
-- queued in the same transaction, so a crash between the delete and the storage call loses nothing.
CREATE FUNCTION documents_queue_object_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (kind, payload, max_attempts) VALUES ('storage.delete', jsonb_build_object('key', OLD.storage_key), 10);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER documents_deleted AFTER DELETE ON documents FOR EACH ROW EXECUTE FUNCTION documents_queue_object_removal();
--> statement-breakpoint
-- Hand-written: deleting a message deletes the documents it carried (only those of its own
-- conversation, so an id naming someone else's document can never delete it).
CREATE FUNCTION chat_messages_delete_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM documents WHERE session_id = OLD.session_id AND id::text = ANY (OLD.document_ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_documents_deleted AFTER DELETE ON chat_messages FOR EACH ROW WHEN (cardinality(OLD.document_ids) > 0) EXECUTE FUNCTION chat_messages_delete_documents();
