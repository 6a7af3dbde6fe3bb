-- The preview becomes the latest question (user message) instead of the latest message: replies open
-- alike ("My take as your CFO..."), questions tell conversations apart. Counting is unchanged.
CREATE OR REPLACE FUNCTION "history_messages_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
-- A finished or emptied reply changes the search document, not the preview.
CREATE OR REPLACE FUNCTION "history_message_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_session_summaries SET change_seq = change_seq + 1 WHERE session_id = NEW.session_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "history_messages_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
UPDATE chat_session_summaries s SET (preview, preview_at) = (
  SELECT left(m.content, 400), m."timestamp" FROM chat_messages m
  WHERE m.session_id = s.session_id AND m.role = 'user' AND m.content <> ''
  ORDER BY m."timestamp" DESC, m.id DESC LIMIT 1);
