DROP INDEX "chat_session_search_document_idx";--> statement-breakpoint
CREATE INDEX "chat_session_search_document_idx" ON "chat_session_search" USING gin ("document") WITH (gin_pending_list_limit=256);--> statement-breakpoint
-- Above, generated (decision 041): the search documents' GIN index rebuilt with a 256 kB pending list
-- (the default is 4 MB). New entries wait in that list, cheap to write, but every search reads all of
-- it until it is merged, and PGlite never vacuums: after an import of 2,000 conversations each search
-- paid for 169 pending pages. The indexing job now merges the list after a bulk rebuild
-- (features/history/history.queries.ts); this bound covers the rest. Rebuilding leaves no pending list;
-- it takes about as long as reading every document once (5 s for 2,000 conversations of 50 messages).
--
-- Hand-written: the concatenation of tsvectors as an aggregate (PostgreSQL has the operator `||`,
-- tsvector_concat, but no aggregate of it). The indexing job builds a conversation's words from the
-- vectors its messages already store (chat_messages.search_vector) instead of parsing all their text
-- again; concatenated in message order, each message's positions follow the previous one's, as when the
-- text is parsed in one piece. Existing documents are not rebuilt: they hold the same words, and the
-- next change of a conversation rebuilds its document this way.
CREATE AGGREGATE tsvector_concat_all(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');
