import { sql } from 'drizzle-orm';
import { builtOnce, type Executor } from '#server/db/client.ts';
import { accountOwner, ownedBy, ownerSlot, ownerValues } from '#server/db/ownership.ts';
import { chatMessageColumns, conversationNotes, type ChatMessage, type ChatSession } from '#server/db/schema.ts';
import { interactionCounting } from '#server/features/account/index.ts';
import type { PromptNote } from '../notes/note-prompt.ts';
import type { SendRules } from './send-rules.ts';

export interface SendInput {
  sessionId: string;
  userId: string;
  /** Milliseconds: the user message is stamped `at`, its reply `at + 1`, a context note `at - 1`, the session touched at `at`. */
  at: number;
  /** The user's own role sent with the message; null keeps the session's. */
  userRole: string | null;
  rules: SendRules;
  /**
   * The note stored before the message when the user's own role changed in a started conversation,
   * with NOTE_PREVIOUS_ROLE where the previous role goes (the statement knows it; the words are
   * contextChangeNote's, never written twice).
   */
  roleChangeNote: string;
  content: string;
  documentIds: string[];
  historyLimit: number;
}

/** Where the role the conversation had goes in `roleChangeNote`. */
export const NOTE_PREVIOUS_ROLE = '{{previous role}}';

export type SendResult =
  /**
   * The user message and its empty 'streaming' reply are stored (after a context note when the role changed); `history` is what came before,
   * newest first; `note` is the conversation's note (decision 083), null when it has none.
   */
  | { kind: 'sent'; session: Pick<ChatSession, 'executiveRole' | 'industry' | 'userRole'>; inserted: ChatMessage[]; history: ChatMessage[]; note: PromptNote | null; chargedDay: string | null }
  /** Refused, in the order users see: no such conversation of the caller's, an executive outside the plan, a context change the plan does not allow, the daily limit. Nothing changed. */
  | { kind: 'refused'; reason: 'not_found' | 'executive' | 'context' | 'limit' };

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
  executiveOk: boolean | null;
  contextOk: boolean | null;
  chargedDay: string | null;
  session: { executiveRole: string; industry: string; userRole: string } | null;
  inserted: MessageJson[] | null;
  history: MessageJson[] | null;
  note: { content: string; coversThrough: string | null } | null;
}

interface SendValues extends Record<string, unknown> {
  sessionId: string;
  /** The account a free interaction is counted against: the caller's. */
  userId: string;
  /** Whose conversation it must be (ownership.ts): the caller's account today. */
  ownerUserId: string;
  userRole: string | null;
  anyExecutive: boolean;
  executiveRoles: readonly string[];
  mayChangeStarted: boolean;
  charge: boolean;
  interactionLimit: number;
  noteAt: string;
  messageAt: string;
  replyAt: string;
  roleChangeNote: string;
  content: string;
  documentIds: string[];
  historyLimit: number;
}

/** The statement, built once (every send runs it): each call binds its values (decision 088). */
const sendStatement = builtOnce<SendValues, SendRow>('send_message', (slot) => sql`
    with target as (
      select id, executive_role, industry, user_role,
        coalesce(${slot('userRole')}::text, user_role) as new_role
      from chat_sessions
      where id = ${slot('sessionId')} and ${ownedBy.chatSessions(ownerSlot(slot))}
      -- Sends and context changes of one conversation take turns; the search index job's key-share lock
      -- (it reads the conversation while rebuilding its document) does not hold this one up (lockSession).
      for no key update
    ),
    checked as (
      select t.*,
        (${slot('anyExecutive')}::boolean or t.executive_role = any(${slot('executiveRoles')}::text[])) as executive_ok,
        (t.new_role <> t.user_role and exists (select 1 from chat_messages m where m.session_id = t.id and m.role <> 'system')) as changes_started
      from target t
    ),
    admitted as (
      select c.*, (not c.changes_started or ${slot('mayChangeStarted')}::boolean) as context_ok from checked c
    ),
    charged as (
      update users set
        daily_interactions_used = ${interactionCounting.set.dailyInteractionsUsed},
        daily_attachments_used = ${interactionCounting.set.dailyAttachmentsUsed},
        last_interaction_date = ${interactionCounting.set.lastInteractionDate}
      where ${slot('charge')}::boolean and id = ${slot('userId')}
        and exists (select 1 from admitted where executive_ok and context_ok)
        and ${interactionCounting.allowed(slot('interactionLimit') as unknown as number)}
      returning last_interaction_date
    ),
    touched as (
      update chat_sessions s set updated_at = ${slot('messageAt')}::timestamptz, user_role = a.new_role
      from admitted a
      where s.id = a.id and a.executive_ok and a.context_ok and (not ${slot('charge')}::boolean or exists (select 1 from charged))
      returning s.id, s.executive_role, s.industry, s.user_role
    ),
    inserted as (
      insert into chat_messages (session_id, role, content, user_role, executive_role, document_ids, status, "timestamp", charged_day)
      select t.id, v.role, v.content, t.user_role, t.executive_role, v.document_ids, v.status, v.ts,
        case when v.role = 'assistant' then (select last_interaction_date from charged) end
      from touched t cross join admitted a cross join lateral (values
        ('system', replace(${slot('roleChangeNote')}::text, ${NOTE_PREVIOUS_ROLE}::text, a.user_role), '{}'::text[], 'complete', ${slot('noteAt')}::timestamptz, a.changes_started),
        ('user', ${slot('content')}::text, ${slot('documentIds')}::text[], 'complete', ${slot('messageAt')}::timestamptz, true),
        ('assistant', '', '{}'::text[], 'streaming', ${slot('replyAt')}::timestamptz, true)
      ) as v(role, content, document_ids, status, ts, wanted)
      where v.wanted
      returning ${messageJson}
    )
    select
      (select count(*) from target)::int as matched,
      (select executive_ok from admitted) as "executiveOk",
      (select context_ok from admitted) as "contextOk",
      (select last_interaction_date::text from charged) as "chargedDay",
      (select json_build_object('executiveRole', executive_role, 'industry', industry, 'userRole', user_role) from touched) as session,
      (select json_agg(i order by i."timestamp") from inserted i) as inserted,
      (select json_agg(h) from (
        select ${messageJson} from chat_messages
        where session_id = ${slot('sessionId')} and exists (select 1 from touched)
        order by "timestamp" desc, id desc limit ${slot('historyLimit')}
      ) h) as history,
      (select json_build_object('content', ${conversationNotes.content}, 'coversThrough', ${conversationNotes.coversThrough}) from ${conversationNotes}
        where ${conversationNotes.sessionId} = ${slot('sessionId')} and ${ownedBy.conversationNotes(ownerSlot(slot))} and exists (select 1 from touched)) as note
  `);

/**
 * The admission of a message, every case in one atomic statement (decision 069): it locks the
 * caller's conversation (so its sends take turns), applies the plan's rules (sendRulesFor, passed
 * as parameters: the executive, a change of the user's own role once the conversation has started),
 * counts a free interaction only while under the limit (parallel sends cannot overshoot), touches
 * the session (and its role), inserts the context note when the role changed, the message and its
 * empty reply, and reads what came before (the statement's snapshot does not see its own inserts)
 * and the conversation's note, which every reply pins (read here, it costs the reply no statement).
 * A refusal changes nothing and says which rule refused. One round trip is what keeps the server's
 * part of the first token short; prepared (planned once per connection on PostgreSQL), it costs half
 * as much again (decision 047).
 */
export async function sendInOneStatement(db: Executor, input: SendInput): Promise<SendResult> {
  const { allowedExecutiveRoles, interactionLimit, mayChangeStartedConversation } = input.rules;
  const at = (offset: number) => new Date(input.at + offset).toISOString();
  const result = await sendStatement(db, {
    sessionId: input.sessionId,
    userId: input.userId,
    ...ownerValues(accountOwner(input.userId)),
    userRole: input.userRole,
    anyExecutive: allowedExecutiveRoles === null,
    executiveRoles: allowedExecutiveRoles ?? [],
    mayChangeStarted: mayChangeStartedConversation,
    charge: interactionLimit !== null,
    interactionLimit: interactionLimit ?? 0,
    noteAt: at(-1),
    messageAt: at(0),
    replyAt: at(1),
    roleChangeNote: input.roleChangeNote,
    content: input.content,
    documentIds: input.documentIds,
    historyLimit: input.historyLimit,
  });
  const row = result.rows[0]!;
  if (row.session && row.inserted) {
    return {
      kind: 'sent',
      session: row.session,
      inserted: row.inserted.map(messageFromJson),
      history: (row.history ?? []).map(messageFromJson),
      note: row.note ? { content: row.note.content, coversThrough: row.note.coversThrough === null ? null : new Date(row.note.coversThrough) } : null,
      chargedDay: row.chargedDay,
    };
  }
  if (row.matched === 0) return { kind: 'refused', reason: 'not_found' };
  if (!row.executiveOk) return { kind: 'refused', reason: 'executive' };
  if (!row.contextOk) return { kind: 'refused', reason: 'context' };
  return { kind: 'refused', reason: 'limit' };
}
