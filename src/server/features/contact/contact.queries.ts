import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contactMessages, type ContactMessage } from '#server/db/schema.ts';

export async function insertContactMessage(
  db: Db,
  values: { userId: string | null; name: string; email: string; subject: string; message: string },
): Promise<ContactMessage> {
  const rows = await db.insert(contactMessages).values(values).returning();
  return rows[0]!;
}

export async function markContactMessageEmailed(db: Db, id: string): Promise<void> {
  await db.update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, id));
}
