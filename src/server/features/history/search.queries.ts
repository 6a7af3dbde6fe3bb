/**
 * The search side of history: the search documents the indexing job keeps (history.jobs.ts), the search
 * itself with its snippets, and the warm-up of an embedded database (decisions 027 and 041). The list,
 * deletes and the export's messages are in history.queries.ts.
 */
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { SNIPPET_MATCH_END, SNIPPET_MATCH_START } from '#contract/history.ts';
import type { Executor } from '#server/db/client.ts';
import { chatMessages, chatSessions, chatSessionSearch, chatSessionSummaries } from '#server/db/schema.ts';
import { summaryFields, type SessionSummaryRow } from './history.queries.ts';
import { accountOwner, ownedBy, type Owner } from '#server/db/ownership.ts';

/** What a search is made of (see search-terms.ts): websearch syntax, plus the last word as a prefix while it is being typed. */
export interface SearchTerms {
  /** The whole text, read with websearch_to_tsquery (quotes, or, -word). */
  text: string;
  /** When set, `rest` is read with websearch_to_tsquery and `prefix` (letters and digits only) matches any word starting with it. */
  prefix: string | null;
  /** The prefix shortened to reach below a stem (see search-terms.ts), also matched as a prefix. */
  prefixRoot: string | null;
  rest: string;
}

export interface SearchResultRow extends SessionSummaryRow {
  /** ts_headline of the newest message that matched, with SNIPPET_MATCH_START/END around the matched words. */
  headline: string | null;
  /** That message's text, to tell whether the headline starts or ends it. */
  headlineSource: string | null;
}

/**
 * A word only the owner's search document holds, never one the text parser makes (it has a space):
 * searches ask for it with the words, so the GIN index answers for this user's conversations only.
 * Ownership is still checked on the rows; this only makes the index do the narrowing.
 */
export function ownerLexeme(owner: Owner): string {
  return `@owner ${owner.userId.replaceAll('-', '').toLowerCase()}`;
}

/**
 * Rebuilds the search documents of the user's conversations that changed since they were last
 * built (usually none, or the one being chatted in). The change counter is read in the same
 * snapshot as the messages, so a message written meanwhile leaves its conversation stale for the
 * next search instead of being lost. Keywords are the 48 most frequent words of the messages,
 * weighted A (top 12), B (next 12) and C, each with as many positions as it occurs (up to 16), so
 * ts_rank on them grows with how often and how prominently a conversation uses a word.
 * The words are the vectors the messages already store (chat_messages.search_vector), concatenated
 * in message order (the aggregate of migration 0017): no message text is parsed again, which keeps
 * this job cheap beside the requests it shares PGlite's one thread with (decision 041). The same
 * lexemes with the same counts as parsing the text in one piece; positions differ only past a
 * lexeme's 256th occurrence (tsvector keeps 256), which only a phrase deep in a long conversation reads.
 * Answers how many documents it rebuilt.
 */
export async function refreshSearchDocuments(db: Executor, owner: Owner): Promise<number> {
  let rebuilt = 0;
  for (;;) {
    const some = await refreshSomeSearchDocuments(db, owner);
    rebuilt += some;
    if (some < REFRESH_BATCH) break;
  }
  // After an import or any bulk change, the new entries are merged into the index at once (in bulk,
  // the cheap way) instead of waiting in its pending list, which every search reads whole (decision 041).
  // A conversation or two, as chatting makes, stays there until the list fills (256 kB, migration 0017).
  if (rebuilt >= BULK_REBUILD) await db.execute(sql`select gin_clean_pending_list('chat_session_search_document_idx'::regclass)`);
  return rebuilt;
}

/**
 * Documents rebuilt by one statement. On PGlite a statement holds the database thread until it ends
 * (decision 044), so an import's 2,000 documents are rebuilt a few at a time: a request waits at most
 * for one batch (40 to 100 ms for conversations of 50 messages), never for the whole import (24 s).
 * One per statement doubled the import's job (planning this statement is a large part of its cost).
 */
const REFRESH_BATCH = 4;

/** One statement: up to REFRESH_BATCH of the user's stale documents, rebuilt; answers how many. */
async function refreshSomeSearchDocuments(db: Executor, owner: Owner): Promise<number> {
  const meta = sql`setweight(to_tsvector('english', locked.title), 'A') || setweight(to_tsvector('english', locked.executive_role || ' ' || locked.industry), 'B')`;
  const ownerWord = `'${ownerLexeme(owner)}'`;
  const band = sql`(case when k.rn <= 12 then 'A' when k.rn <= 24 then 'B' else 'C' end)`;
  const { rows } = await db.execute<{ session_id: string }>(sql`
    with stale as (
      select ${chatSessionSummaries.sessionId} as session_id, ${chatSessionSummaries.changeSeq} as change_seq from ${chatSessionSummaries}
      where ${ownedBy.chatSessionSummaries(owner)} and ${chatSessionSummaries.indexedSeq} < ${chatSessionSummaries.changeSeq}
      order by ${chatSessionSummaries.sessionId} limit ${REFRESH_BATCH}
    ), locked as (
      -- A conversation deleted meanwhile waits for this statement instead of breaking it.
      select cs.id, cs.title, cs.executive_role, cs.industry, stale.change_seq
      from ${chatSessions} cs join stale on stale.session_id = cs.id
      for key share of cs
    ), fresh as (
      select locked.id as session_id, locked.change_seq, ${meta} as meta,
        coalesce((
          -- In runs of 64 messages, then the runs: each step of the aggregate copies what it has so
          -- far, so one run over a 10,000-message conversation would copy its words 10,000 times.
          select tsvector_concat_all(runs.words order by runs.run)
          from (
            select numbered.n / 64 as run, tsvector_concat_all(numbered.search_vector order by numbered.n) as words
            from (
              select m.search_vector, row_number() over (order by m.timestamp, m.id) - 1 as n
              from ${chatMessages} m where m.session_id = locked.id and m.role <> 'system'
            ) numbered
            group by numbered.n / 64
          ) runs
        ), ''::tsvector) as body
      from locked
    ), built as (
      select fresh.session_id, fresh.change_seq, fresh.meta, fresh.meta || fresh.body || ${ownerWord}::tsvector as document,
        coalesce((
          select string_agg(format('''%s'':%s', replace(replace(k.lexeme, '\', '\\'), '''', ''''''), (
            select string_agg(g::text || ${band}, ',') from generate_series(1, least(k.tf, 16)) g
          )), ' ')::tsvector
          from (
            select lexeme, cardinality(positions) as tf, row_number() over (order by cardinality(positions) desc, lexeme) as rn
            from unnest(fresh.body) order by rn limit 48
          ) k
        ), ''::tsvector) as keywords
      from fresh
    ), saved as (
      insert into ${chatSessionSearch} (session_id, meta, keywords, document)
      select session_id, meta, keywords, document from built
      on conflict (session_id) do update set meta = excluded.meta, keywords = excluded.keywords, document = excluded.document
    )
    update ${chatSessionSummaries} s set indexed_seq = built.change_seq
    from built where s.session_id = built.session_id
    returning s.session_id`);
  return rows.length;
}

/** From this many documents rebuilt by one job, its index entries are merged at once (see refreshSearchDocuments). */
const BULK_REBUILD = 16;

/**
 * websearch syntax for the whole text, or, while the last word is typed, for the rest and that word
 * as a prefix (stemmed, or its root as typed). A stop word ("the") is not a prefix of anything.
 */
function tsQuery(terms: SearchTerms): SQL {
  const whole = sql`websearch_to_tsquery('english', ${terms.text})`;
  if (!terms.prefix || !terms.prefixRoot) return whole;
  return sql`(case when numnode(plainto_tsquery('english', ${terms.prefix})) = 0 then ${whole}
    else websearch_to_tsquery('english', ${terms.rest}) && (to_tsquery('english', ${`${terms.prefix}:*`}) || to_tsquery('simple', ${`${terms.prefixRoot}:*`})) end)`;
}

// Short (about two lines on a phone), so the matched words sit near the middle of what the card shows.
const headlineOptions = `StartSel=${SNIPPET_MATCH_START}, StopSel=${SNIPPET_MATCH_END}, MaxWords=14, MinWords=6, ShortWord=2, MaxFragments=1, FragmentDelimiter=" "`;

/**
 * The best matches: conversations whose title, executive role or industry match come first (title
 * before the others, by weight), then those matched in their messages, ranked by how central the
 * words are to the conversation (ts_rank on its keywords), then the most recently updated, then the
 * id: a stable order, so a page starting at `offset` follows the one before it. Only small columns
 * are read per match: the full document is used through its index alone. The snippet is made for
 * the page's rows only (the costly step: decision 041), from the newest message that matches the whole query.
 */
export async function searchSessionSummaries(db: Executor, owner: Owner, terms: SearchTerms, page: { offset: number; limit: number }): Promise<{ rows: SearchResultRow[]; more: boolean }> {
  const query = tsQuery(terms);
  const owned = sql`(${query} && ${`'${ownerLexeme(owner)}'`}::tsquery)`;

  // 1. The best matches, found through the GIN index alone: reading documents row by row (a
  // sequential or primary-key scan) would copy every one of the user's documents, so the planner is
  // told so for this statement (PGlite keeps no statistics, and a user's common word would mislead
  // it anyway), and to hash-join the matches with the user's sessions. Only small columns are read
  // per match: meta, keywords, the session's date.
  const best = await db.transaction(async (tx) => {
    // set local, in one statement: on PGlite each statement is a trip to its thread.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_nestloop', 'off', true)`);
    // The LIMIT, far above any history, keeps this a step of its own: the index first, then the join.
    const matches = tx
      .select({
        sessionId: chatSessionSearch.sessionId,
        metaMatch: sql<boolean>`(${chatSessionSearch.meta} @@ ${query})`.as('meta_match'),
        metaRank: sql<number>`ts_rank(${chatSessionSearch.meta}, ${query})`.as('meta_rank'),
        rank: sql<number>`ts_rank(${chatSessionSearch.keywords}, ${query})`.as('rank'),
      })
      .from(chatSessionSearch)
      // (Only stop words make an empty query, which must find nothing rather than everything owned.)
      .where(sql`numnode(${query}) > 0 and ${chatSessionSearch.document} @@ ${owned}`)
      .limit(1_000_000)
      .as('matches');
    return tx
      .select({ id: chatSessions.id })
      .from(matches)
      .innerJoin(chatSessions, eq(chatSessions.id, matches.sessionId))
      .where(ownedBy.chatSessions(owner))
      .orderBy(desc(matches.metaMatch), desc(matches.metaRank), desc(matches.rank), desc(chatSessions.updatedAt), desc(chatSessions.id))
      // One more than the page tells whether more follow; it gets no snippet.
      .limit(page.limit + 1)
      .offset(page.offset);
  });
  const more = best.length > page.limit;
  best.splice(page.limit);
  if (best.length === 0) return { rows: [], more };

  // 2. Those conversations with their summaries, and a snippet: the newest message matching the whole query.
  const markers = `${SNIPPET_MATCH_START}${SNIPPET_MATCH_END}`;
  const rows = await db
    .select({
      ...summaryFields,
      best: sql<string[] | null>`(
        select array[ts_headline('english', translate(m.content, ${markers}, ''), ${query}, ${headlineOptions}), m.content]
        from ${chatMessages} m
        where m.session_id = ${chatSessions.id} and m.role <> 'system' and m.search_vector @@ ${query}
        order by m.timestamp desc, m.id desc limit 1
      )`,
    })
    .from(chatSessions)
    .innerJoin(chatSessionSummaries, eq(chatSessionSummaries.sessionId, chatSessions.id))
    .where(and(ownedBy.chatSessions(owner), inArray(chatSessions.id, best.map((row) => row.id))));
  const order = new Map(best.map((row, index) => [row.id, index]));
  return {
    rows: rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(({ best: match, ...row }) => ({ ...row, headline: match?.[0] ?? null, headlineSource: match?.[1] ?? null })),
    more,
  };
}

/** No user has it (the nil UUID): a warm-up search finds nothing, and reads no one's documents. */
const WARM_UP_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A search that finds nothing, run once when an embedded database starts (decision 041): PGlite
 * loads the text-search code (the English dictionaries and stemmer, websearch parsing, the GIN
 * index, ts_rank, ts_headline) the first time a statement needs it, which made the first search of
 * a process several times slower than the next. The same statements as a real search, through the
 * index and with the planner settings, then one headline.
 */
export async function warmUpSearch(db: Executor): Promise<void> {
  await searchSessionSummaries(db, accountOwner(WARM_UP_USER_ID), { text: 'warming up searches', prefix: 'searches', prefixRoot: 'search', rest: 'warming up' }, { offset: 0, limit: 1 });
  const query = sql`websearch_to_tsquery('english', 'warming')`;
  await db.execute(sql`select ts_headline('english', 'Warming up the search.', ${query}, ${headlineOptions}), ts_rank(to_tsvector('english', 'warming'), ${query})`);
}

/** For tests and the benchmark: how many of the user's conversations wait for their search document. */
export async function countStaleDocuments(db: Executor, owner: Owner): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatSessionSummaries)
    .where(and(ownedBy.chatSessionSummaries(owner), lt(chatSessionSummaries.indexedSeq, chatSessionSummaries.changeSeq)));
  return rows[0]?.n ?? 0;
}
