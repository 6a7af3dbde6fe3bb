/**
 * Test data for the history tests: conversations written straight into the tables (so their text
 * and dates are exactly what a test needs), through the same triggers every writer goes through.
 * Only test files import this.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { chatMessages, chatSessions } from '#server/db/schema.ts';

export interface SeedMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

export async function seedConversation(
  db: Db,
  userId: string,
  options: { title?: string; executiveRole?: string; industry?: string; userRole?: string; updatedAt?: Date; messages?: SeedMessage[] } = {},
): Promise<{ id: string; messageIds: string[] }> {
  const updatedAt = options.updatedAt ?? new Date();
  const [session] = await db
    .insert(chatSessions)
    .values({
      userId,
      title: options.title ?? 'Untitled conversation',
      executiveRole: options.executiveRole ?? 'CFO',
      industry: options.industry ?? 'Technology',
      userRole: options.userRole ?? 'CEO',
      createdAt: new Date(updatedAt.getTime() - 60 * 60_000),
      updatedAt,
    })
    .returning({ id: chatSessions.id });
  const messages = options.messages ?? [];
  if (messages.length === 0) return { id: session!.id, messageIds: [] };
  const start = updatedAt.getTime() - messages.length * 1000;
  const rows = await db
    .insert(chatMessages)
    .values(
      messages.map((message, index) => ({
        sessionId: session!.id,
        role: message.role,
        content: message.content,
        executiveRole: options.executiveRole ?? 'CFO',
        userRole: options.userRole ?? 'CEO',
        timestamp: new Date(start + index * 1000),
      })),
    )
    .returning({ id: chatMessages.id });
  return { id: session!.id, messageIds: rows.map((row) => row.id) };
}

export async function messageCountOf(db: Db, sessionIds: string[]): Promise<number> {
  let total = 0;
  for (const id of sessionIds) total += (await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, id))).length;
  return total;
}
