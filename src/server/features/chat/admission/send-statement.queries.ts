import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '#server/db/client.ts';
import { chatMessageColumns, type ChatMessage, type ChatSession } from '#server/db/schema.ts';
import { interactionCounting } from '#server/features/account/index.ts';
import type { SendRules } from './send-rules.ts';

export interface SendInput {
  sessionId: string;
  userId: string;
  /** Milliseconds: the user message is stamped `at`, its reply `at + 1`, the session touched at `at`. */
  at: number;
  /** The user's own role sent with the message; null keeps the session's. */
  userRole: string | null;
  rules: Pick<SendRules, 'allowedExecutiveRoles' | 'interactionLimit'>;
  content: string;
  documentIds: string[];
  historyLimit: number;
}

export type SendResult =
  /** The user message and its empty 'streaming' reply are stored; `history` is what came before, newest first. */
  | { kind: 'sent'; session: Pick<ChatSession, 'executiveRole' | 'industry' | 'userRole'>; inserted: ChatMessage[]; history: ChatMessage[]; chargedDay: string | null }
  /** The conversation is the caller's and open to them, but today's free interactions are used up. Nothing changed. */
  | { kind: 'limit' }
  /** Not this statement's case (no such conversation of the caller's, an executive outside the plan, or a change of the user's role). Nothing changed. */
  | { kind: 'other' };

/** The columns of a message under the application's field names, for rows built as JSON (see `messageFromJson`). */
const messageJson = sql.raw(
  Object.entries(chatMessageColumns)
    .map(([field, column]) => `"${column.name}" as "${field}"`)
    .join(', '),
);

type MessageJson = Omit<ChatMessage, 'timestamp'> & { timestamp: string };

function messageFromJson(row: MessageJson): ChatMessage {
  return { ...row, timestamp: new Date(row.timestamp) };
}

interface SendRow extends Record<string, unknown> {
  matched: number;
  chargedDay: string | null;
  session: { executiveRole: string; industry: string; userRole: string } | null;
  inserted: MessageJson[] | null;
  history: MessageJson[] | null;
}

/**
 * A message as one statement, for the common case: the conversation is the caller's, its executive
 * is in their plan and their own role is unchanged. In one atomic step it locks the session, counts
 * a free interaction (only while under the limit), touches the session, inserts the message and its
 * empty reply, and reads what came before (the statement's snapshot does not see its own inserts).
 * Every other case changes nothing and answers 'other' for the transactional admission to handle.
 * One round trip instead of five is what keeps the server's part of the first token short; prepared
 * (planned once per connection on PostgreSQL), it costs half as much again.
 */
export async function sendInOneStatement(db: Executor, input: SendInput): Promise<SendResult> {
  const { allowedExecutiveRoles, interactionLimit } = input.rules;
  const charge = interactionLimit !== null;
  const result = await executePrepared<SendRow>(db, 'send_message', sql`
    with target as (
      select id from chat_sessions
      where id = ${input.sessionId} and user_id = ${input.userId}
        and (${allowedExecutiveRoles === null}::boolean or executive_role = any(${sql.param(allowedExecutiveRoles ?? [])}::text[]))
        and (${input.userRole}::text is null or user_role = ${input.userRole}::text)
      -- Sends and context changes of one conversation take turns; the search index job's key-share lock
      -- (it reads the conversation while rebuilding its document) does not hold this one up (lockSession).
      for no key update
    ),
    charged as (
      update users set
        daily_interactions_used = ${interactionCounting.set.dailyInteractionsUsed},
        daily_attachments_used = ${interactionCounting.set.dailyAttachmentsUsed},
        last_interaction_date = ${interactionCounting.set.lastInteractionDate}
      where ${charge}::boolean and id = ${input.userId} and exists (select 1 from target)
        and ${interactionCounting.allowed(interactionLimit ?? 0)}
      returning last_interaction_date
    ),
    touched as (
      update chat_sessions set updated_at = ${new Date(input.at).toISOString()}::timestamptz
      where id in (select id from target) and (not ${charge}::boolean or exists (select 1 from charged))
      returning id, executive_role, industry, user_role
    ),
    inserted as (
      insert into chat_messages (session_id, role, content, user_role, executive_role, document_ids, status, "timestamp", charged_day)
      select t.id, v.role, v.content, t.user_role, t.executive_role, v.document_ids, v.status, v.ts,
        case when v.role = 'assistant' then (select last_interaction_date from charged) end
      from touched t cross join (values
        ('user', ${input.content}::text, ${sql.param(input.documentIds)}::text[], 'complete', ${new Date(input.at).toISOString()}::timestamptz),
        ('assistant', '', '{}'::text[], 'streaming', ${new Date(input.at + 1).toISOString()}::timestamptz)
      ) as v(role, content, document_ids, status, ts)
      returning ${messageJson}
    )
    select
      (select count(*) from target)::int as matched,
      (select last_interaction_date::text from charged) as "chargedDay",
      (select json_build_object('executiveRole', executive_role, 'industry', industry, 'userRole', user_role) from touched) as session,
      (select json_agg(i order by i."timestamp") from inserted i) as inserted,
      (select json_agg(h) from (
        select ${messageJson} from chat_messages
        where session_id = ${input.sessionId} and exists (select 1 from touched)
        order by "timestamp" desc, id desc limit ${input.historyLimit}
      ) h) as history
  `);
  const row = result.rows[0]!;
  if (row.session && row.inserted) {
    return {
      kind: 'sent',
      session: row.session,
      inserted: row.inserted.map(messageFromJson),
      history: (row.history ?? []).map(messageFromJson),
      chargedDay: row.chargedDay,
    };
  }
  return row.matched > 0 && charge ? { kind: 'limit' } : { kind: 'other' };
}
