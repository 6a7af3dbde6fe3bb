CREATE TABLE "chat_session_summaries" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"preview" text,
	"preview_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 1 NOT NULL,
	"indexed_seq" bigint DEFAULT 0 NOT NULL,
	"meta" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"document" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "chat_messages"."content")) STORED;--> statement-breakpoint
ALTER TABLE "chat_session_summaries" ADD CONSTRAINT "chat_session_summaries_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_session_summaries" ADD CONSTRAINT "chat_session_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_session_summaries_document_idx" ON "chat_session_summaries" USING gin ("document");--> statement-breakpoint
CREATE INDEX "chat_session_summaries_stale_idx" ON "chat_session_summaries" USING btree ("user_id") WHERE "chat_session_summaries"."indexed_seq" < "chat_session_summaries"."change_seq";--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not generate triggers). See the comment on
-- chat_session_summaries in schema.ts: counts and previews are kept at once, the search document
-- is rebuilt lazily by the history feature for rows whose change_seq moved past indexed_seq.
-- The document is read whole by ts_rank; stored uncompressed, reading it costs a copy, not a pglz decompression.
ALTER TABLE "chat_session_summaries" ALTER COLUMN "document" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE FUNCTION "history_sessions_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_session_summaries (session_id, user_id) SELECT id, user_id FROM inserted_sessions;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_sessions_history_inserted" AFTER INSERT ON "chat_sessions"
  REFERENCING NEW TABLE AS inserted_sessions FOR EACH STATEMENT EXECUTE FUNCTION "history_sessions_inserted"();--> statement-breakpoint
CREATE FUNCTION "history_session_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_summaries SET change_seq = change_seq + 1 WHERE session_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_sessions_history_renamed" AFTER UPDATE OF title, executive_role, industry ON "chat_sessions" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.executive_role IS DISTINCT FROM NEW.executive_role OR OLD.industry IS DISTINCT FROM NEW.industry)
  EXECUTE FUNCTION "history_session_renamed"();--> statement-breakpoint
CREATE FUNCTION "history_messages_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_summaries s SET
    message_count = s.message_count + n.added,
    preview = CASE WHEN n.preview_at IS NOT NULL AND n.preview_at >= coalesce(s.preview_at, '-infinity') THEN n.preview ELSE s.preview END,
    preview_at = greatest(s.preview_at, n.preview_at),
    change_seq = s.change_seq + 1
  FROM (
    SELECT session_id,
      count(*) FILTER (WHERE role <> 'system') AS added,
      (array_agg(left(content, 400) ORDER BY "timestamp" DESC, id DESC) FILTER (WHERE role <> 'system' AND content <> ''))[1] AS preview,
      max("timestamp") FILTER (WHERE role <> 'system' AND content <> '') AS preview_at
    FROM inserted_messages GROUP BY session_id
  ) n
  WHERE s.session_id = n.session_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_history_inserted" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS inserted_messages FOR EACH STATEMENT EXECUTE FUNCTION "history_messages_inserted"();--> statement-breakpoint
-- A reply's text is saved many times while it streams; the summary changes only when it stops
-- streaming, when a retry empties it, or when a finished message's text changes.
CREATE FUNCTION "history_message_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_summaries s SET
    (preview, preview_at) = (
      SELECT left(m.content, 400), m."timestamp" FROM chat_messages m
      WHERE m.session_id = s.session_id AND m.role <> 'system' AND m.content <> ''
      ORDER BY m."timestamp" DESC, m.id DESC LIMIT 1),
    change_seq = s.change_seq + 1
  WHERE s.session_id = NEW.session_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_history_changed" AFTER UPDATE OF content, status ON "chat_messages" FOR EACH ROW
  WHEN ((OLD.status = 'streaming') IS DISTINCT FROM (NEW.status = 'streaming') OR (NEW.status <> 'streaming' AND OLD.content IS DISTINCT FROM NEW.content))
  EXECUTE FUNCTION "history_message_changed"();--> statement-breakpoint
CREATE FUNCTION "history_messages_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_summaries s SET
    message_count = (SELECT count(*) FROM chat_messages m WHERE m.session_id = s.session_id AND m.role <> 'system'),
    (preview, preview_at) = (
      SELECT left(m.content, 400), m."timestamp" FROM chat_messages m
      WHERE m.session_id = s.session_id AND m.role <> 'system' AND m.content <> ''
      ORDER BY m."timestamp" DESC, m.id DESC LIMIT 1),
    change_seq = s.change_seq + 1
  WHERE s.session_id IN (SELECT DISTINCT session_id FROM deleted_messages);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_history_deleted" AFTER DELETE ON "chat_messages"
  REFERENCING OLD TABLE AS deleted_messages FOR EACH STATEMENT EXECUTE FUNCTION "history_messages_deleted"();--> statement-breakpoint
-- Conversations that exist before this migration: counts and previews now, search documents on first search.
INSERT INTO chat_session_summaries (session_id, user_id, message_count, preview, preview_at)
SELECT cs.id, cs.user_id,
  (SELECT count(*) FROM chat_messages m WHERE m.session_id = cs.id AND m.role <> 'system'),
  p.preview, p.preview_at
FROM chat_sessions cs
LEFT JOIN LATERAL (
  SELECT left(m.content, 400) AS preview, m."timestamp" AS preview_at FROM chat_messages m
  WHERE m.session_id = cs.id AND m.role <> 'system' AND m.content <> ''
  ORDER BY m."timestamp" DESC, m.id DESC LIMIT 1
) p ON true;
