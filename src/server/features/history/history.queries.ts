import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { SNIPPET_MATCH_END, SNIPPET_MATCH_START } from '#contract/history.ts';
import type { Db } from '#server/db/client.ts';
import { chatMessages, chatSessions, chatSessionSummaries, type ChatMessage, type ChatSession } from '#server/db/schema.ts';

/** A transaction handle or the database: both run the same queries. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a search is made of (see search-terms.ts): websearch syntax, plus the last word as a prefix while it is being typed. */
export interface SearchTerms {
  /** The whole text, read with websearch_to_tsquery (quotes, or, -word). */
  text: string;
  /** When set, `rest` is read with websearch_to_tsquery and `prefix` (letters and digits only) matches any word starting with it. */
  prefix: string | null;
  rest: string;
}

export interface SessionSummaryRow {
  id: string;
  title: string;
  executiveRole: string;
  industry: string;
  userRole: string;
  createdAt: Date;
  updatedAt: Date;
  messageCount: number;
  preview: string | null;
}

export interface SearchResultRow extends SessionSummaryRow {
  /** ts_headline of the newest message that matched, with SNIPPET_MATCH_START/END around the matched words. */
  headline: string | null;
  /** That message's text, to tell whether the headline starts or ends it. */
  headlineSource: string | null;
}

const summaryFields = {
  id: chatSessions.id,
  title: chatSessions.title,
  executiveRole: chatSessions.executiveRole,
  industry: chatSessions.industry,
  userRole: chatSessions.userRole,
  createdAt: chatSessions.createdAt,
  updatedAt: chatSessions.updatedAt,
  messageCount: chatSessionSummaries.messageCount,
  preview: chatSessionSummaries.preview,
};

/** The newest conversations first, one indexed join (no query per conversation). */
export async function listSessionSummaries(db: Executor, userId: string, limit: number): Promise<SessionSummaryRow[]> {
  return db
    .select(summaryFields)
    .from(chatSessions)
    .innerJoin(chatSessionSummaries, eq(chatSessionSummaries.sessionId, chatSessions.id))
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(limit);
}

/**
 * Rebuilds the search documents of the user's conversations that changed since they were last
 * built (usually none or the one being chatted in). The change counter is read in the same
 * snapshot as the messages, so a message written meanwhile leaves its conversation stale for the
 * next search instead of being lost.
 */
export async function refreshSearchDocuments(db: Executor, userId: string): Promise<void> {
  const meta = sql`setweight(to_tsvector('english', cs.title), 'A') || setweight(to_tsvector('english', cs.executive_role || ' ' || cs.industry), 'B')`;
  await db.execute(sql`
    with stale as (
      select s.session_id, s.change_seq from ${chatSessionSummaries} s
      where s.user_id = ${userId} and s.indexed_seq < s.change_seq
    ), fresh as (
      select stale.session_id, stale.change_seq, ${meta} as meta,
        coalesce((
          select to_tsvector('english', string_agg(m.content, E'\n' order by m.timestamp, m.id))
          from ${chatMessages} m where m.session_id = stale.session_id and m.role <> 'system'
        ), ''::tsvector) as body
      from stale join ${chatSessions} cs on cs.id = stale.session_id
    )
    update ${chatSessionSummaries} s
    set meta = fresh.meta, document = fresh.meta || fresh.body, indexed_seq = fresh.change_seq
    from fresh where s.session_id = fresh.session_id`);
}

function tsQuery(terms: SearchTerms): SQL {
  if (!terms.prefix) return sql`websearch_to_tsquery('english', ${terms.text})`;
  return sql`(websearch_to_tsquery('english', ${terms.rest}) && to_tsquery('english', ${`${terms.prefix}:*`}))`;
}

const headlineOptions = `StartSel=${SNIPPET_MATCH_START}, StopSel=${SNIPPET_MATCH_END}, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=" "`;

/**
 * The best matches: conversations whose title, executive role or industry match come first (a
 * title outranks the others through its weight), then those matched in their messages, by
 * ts_rank; ties go to the most recently updated. The snippet is made for the answered rows only,
 * from the newest message that matches the whole query.
 */
export async function searchSessionSummaries(db: Executor, userId: string, terms: SearchTerms, limit: number): Promise<SearchResultRow[]> {
  const query = tsQuery(terms);
  const page = db
    .select({
      ...summaryFields,
      metaMatch: sql<boolean>`(${chatSessionSummaries.meta} @@ ${query})`.as('meta_match'),
      rank: sql<number>`ts_rank(${chatSessionSummaries.document}, ${query}, 32)`.as('rank'),
    })
    .from(chatSessionSummaries)
    .innerJoin(chatSessions, eq(chatSessions.id, chatSessionSummaries.sessionId))
    .where(and(eq(chatSessionSummaries.userId, userId), eq(chatSessions.userId, userId), sql`${chatSessionSummaries.document} @@ ${query}`))
    .orderBy(sql`meta_match desc`, sql`rank desc`, desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(limit)
    .as('page');

  const markers = `${SNIPPET_MATCH_START}${SNIPPET_MATCH_END}`;
  // Qualified by hand: Drizzle writes a subquery's columns unqualified, and inside the correlated
  // subquery below a bare "id" would mean the message's own id.
  const pageId = sql`${sql.identifier('page')}.${sql.identifier('id')}`;
  const rows = await db
    .select({
      id: page.id,
      title: page.title,
      executiveRole: page.executiveRole,
      industry: page.industry,
      userRole: page.userRole,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      messageCount: page.messageCount,
      preview: page.preview,
      best: sql<string[] | null>`(
        select array[ts_headline('english', translate(m.content, ${markers}, ''), ${query}, ${headlineOptions}), m.content]
        from ${chatMessages} m
        where m.session_id = ${pageId} and m.role <> 'system' and m.search_vector @@ ${query}
        order by m.timestamp desc, m.id desc limit 1
      )`,
    })
    .from(page)
    .orderBy(sql`${page.metaMatch} desc`, sql`${page.rank} desc`, desc(page.updatedAt), desc(page.id));

  return rows.map(({ best, ...row }) => ({ ...row, headline: best?.[0] ?? null, headlineSource: best?.[1] ?? null }));
}

/** Deletes the caller's own conversations among `sessionIds` (their messages go with them); answers how many. */
export async function deleteSessions(db: Executor, userId: string, sessionIds: string[]): Promise<number> {
  const rows = await db
    .delete(chatSessions)
    .where(and(eq(chatSessions.userId, userId), inArray(chatSessions.id, sessionIds)))
    .returning({ id: chatSessions.id });
  return rows.length;
}

export async function findSession(db: Executor, sessionId: string, userId: string): Promise<ChatSession | undefined> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .limit(1);
  return rows[0];
}

export type ExportMessage = Pick<ChatMessage, 'id' | 'role' | 'content' | 'executiveRole' | 'userRole' | 'timestamp' | 'status' | 'error'>;

/** Every message of a conversation, oldest first (the order the chat shows them in). */
export async function allMessages(db: Executor, sessionId: string): Promise<ExportMessage[]> {
  return db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      content: chatMessages.content,
      executiveRole: chatMessages.executiveRole,
      userRole: chatMessages.userRole,
      timestamp: chatMessages.timestamp,
      status: chatMessages.status,
      error: chatMessages.error,
    })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
}

/** For tests and the benchmark: how many of the user's conversations wait for their search document. */
export async function countStaleDocuments(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatSessionSummaries)
    .where(and(eq(chatSessionSummaries.userId, userId), lt(chatSessionSummaries.indexedSeq, chatSessionSummaries.changeSeq)));
  return rows[0]?.n ?? 0;
}
