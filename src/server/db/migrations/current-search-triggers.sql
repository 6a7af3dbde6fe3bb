-- GENERATED from the migrated schema by `npx tsx scripts/write-schema-definitions.ts`: do not edit.
-- The current state of what migrations define by hand (triggers, their functions, generated
-- columns). Change them with a new migration, then run the script; src/server/db/schema-definitions.test.ts
-- fails while this file and the migrations disagree.

-- Generated columns
-- chat_messages.search_vector: GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED
-- document_chunks.search_vector: GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED

-- Triggers
CREATE TRIGGER chat_messages_documents_deleted AFTER DELETE ON chat_messages FOR EACH ROW WHEN (cardinality(old.document_ids) > 0) EXECUTE FUNCTION chat_messages_delete_documents();
CREATE TRIGGER chat_messages_history_changed AFTER UPDATE OF content, status ON chat_messages FOR EACH ROW WHEN ((old.status = 'streaming'::text) IS DISTINCT FROM (new.status = 'streaming'::text) OR new.status <> 'streaming'::text AND old.content IS DISTINCT FROM new.content) EXECUTE FUNCTION history_message_changed();
CREATE TRIGGER chat_messages_history_deleted AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS deleted_messages FOR EACH STATEMENT EXECUTE FUNCTION history_messages_deleted();
CREATE TRIGGER chat_messages_history_inserted AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS inserted_messages FOR EACH STATEMENT EXECUTE FUNCTION history_messages_inserted();
CREATE TRIGGER chat_session_summaries_search_inserted AFTER INSERT ON chat_session_summaries REFERENCING NEW TABLE AS changed_summaries FOR EACH STATEMENT EXECUTE FUNCTION history_search_index_queue();
CREATE TRIGGER chat_session_summaries_search_updated AFTER UPDATE ON chat_session_summaries REFERENCING NEW TABLE AS changed_summaries FOR EACH STATEMENT EXECUTE FUNCTION history_search_index_queue();
CREATE TRIGGER chat_sessions_history_inserted AFTER INSERT ON chat_sessions REFERENCING NEW TABLE AS inserted_sessions FOR EACH STATEMENT EXECUTE FUNCTION history_sessions_inserted();
CREATE TRIGGER chat_sessions_history_renamed AFTER UPDATE OF title, executive_role, industry ON chat_sessions FOR EACH ROW WHEN (old.title IS DISTINCT FROM new.title OR old.executive_role IS DISTINCT FROM new.executive_role OR old.industry IS DISTINCT FROM new.industry) EXECUTE FUNCTION history_session_renamed();
CREATE TRIGGER documents_deleted AFTER DELETE ON documents FOR EACH ROW EXECUTE FUNCTION documents_queue_object_removal();

-- Trigger functions
CREATE OR REPLACE FUNCTION public.chat_messages_delete_documents()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM documents WHERE session_id = OLD.session_id AND id::text = ANY (OLD.document_ids);
  RETURN NULL;
END;
$function$;

CREATE OR REPLACE FUNCTION public.documents_queue_object_removal()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO jobs (kind, payload, max_attempts) VALUES ('storage.delete', jsonb_build_object('key', OLD.storage_key), 10);
  RETURN NULL;
END;
$function$;

CREATE OR REPLACE FUNCTION public.history_message_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE chat_session_summaries SET change_seq = change_seq + 1 WHERE session_id = NEW.session_id;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.history_messages_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE chat_session_summaries s SET
    message_count = (SELECT count(*) FROM chat_messages m WHERE m.session_id = s.session_id AND m.role <> 'system'),
    (preview, preview_at) = (
      SELECT left(m.content, 400), m."timestamp" FROM chat_messages m
      WHERE m.session_id = s.session_id AND m.role = 'user' AND m.content <> ''
      ORDER BY m."timestamp" DESC, m.id DESC LIMIT 1),
    change_seq = s.change_seq + 1
  WHERE s.session_id IN (SELECT DISTINCT session_id FROM deleted_messages);
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.history_messages_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE chat_session_summaries s SET
    message_count = s.message_count + n.added,
    preview = CASE WHEN n.preview_at IS NOT NULL AND n.preview_at >= coalesce(s.preview_at, '-infinity') THEN n.preview ELSE s.preview END,
    preview_at = greatest(s.preview_at, n.preview_at),
    change_seq = s.change_seq + 1
  FROM (
    SELECT session_id,
      count(*) FILTER (WHERE role <> 'system') AS added,
      (array_agg(left(content, 400) ORDER BY "timestamp" DESC, id DESC) FILTER (WHERE role = 'user' AND content <> ''))[1] AS preview,
      max("timestamp") FILTER (WHERE role = 'user' AND content <> '') AS preview_at
    FROM inserted_messages GROUP BY session_id
  ) n
  WHERE s.session_id = n.session_id;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.history_search_index_queue()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO jobs (kind, payload, max_attempts)
  SELECT 'history.search-index', jsonb_build_object('userId', stale.user_id), 5
  FROM (SELECT DISTINCT user_id FROM changed_summaries WHERE change_seq > indexed_seq) stale
  WHERE NOT EXISTS (
    SELECT 1 FROM jobs j
    WHERE j.kind = 'history.search-index' AND j.status = 'queued' AND j.payload->>'userId' = stale.user_id::text
  );
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.history_session_renamed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE chat_session_summaries SET change_seq = change_seq + 1 WHERE session_id = NEW.id;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.history_sessions_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO chat_session_summaries (session_id, user_id) SELECT id, user_id FROM inserted_sessions;
  RETURN NULL;
END $function$;
