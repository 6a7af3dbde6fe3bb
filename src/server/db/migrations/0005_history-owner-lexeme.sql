-- Search documents now carry their owner's lexeme (see ownerLexeme in features/history): rebuild them on the next search.
UPDATE "chat_session_summaries" SET "change_seq" = "change_seq" + 1;
