-- Hand-written (issue 18, decision 027): search documents are rebuilt when conversations change, by a
-- background job, never inside a search request. Whenever a conversation's summary says its search
-- document is stale (change_seq > indexed_seq: a new conversation, a new or finished message, a
-- rename, a deletion), one 'history.search-index' job is queued for its owner, unless one is already
-- waiting; the job (features/history/history.jobs.ts) rebuilds every stale document of that user.
-- Per statement, so an import of thousands of messages queues one job per user, not one per row.
-- No data is rebuilt here: existing stale documents get their job at their next change, or from
-- the job queued below for every user who has any.
CREATE INDEX "jobs_search_index_queued" ON "jobs" ((payload->>'userId')) WHERE kind = 'history.search-index' AND status = 'queued';
--> statement-breakpoint
CREATE FUNCTION history_search_index_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (kind, payload, max_attempts)
  SELECT 'history.search-index', jsonb_build_object('userId', stale.user_id), 5
  FROM (SELECT DISTINCT user_id FROM changed_summaries WHERE change_seq > indexed_seq) stale
  WHERE NOT EXISTS (
    SELECT 1 FROM jobs j
    WHERE j.kind = 'history.search-index' AND j.status = 'queued' AND j.payload->>'userId' = stale.user_id::text
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_session_summaries_search_inserted AFTER INSERT ON chat_session_summaries
  REFERENCING NEW TABLE AS changed_summaries FOR EACH STATEMENT EXECUTE FUNCTION history_search_index_queue();
--> statement-breakpoint
CREATE TRIGGER chat_session_summaries_search_updated AFTER UPDATE ON chat_session_summaries
  REFERENCING NEW TABLE AS changed_summaries FOR EACH STATEMENT EXECUTE FUNCTION history_search_index_queue();
--> statement-breakpoint
-- Documents left stale by the lazy rebuild (conversations changed since their owner's last search).
INSERT INTO jobs (kind, payload, max_attempts)
SELECT DISTINCT 'history.search-index', jsonb_build_object('userId', user_id), 5
FROM chat_session_summaries WHERE change_seq > indexed_seq;
