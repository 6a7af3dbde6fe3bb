import { asc, between, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { pageViewCounts } from '#server/db/schema.ts';

/** One more view of `path` on `day` (UTC), in one statement whatever runs beside it. */
export async function incrementPageView(db: Db, day: string, path: string): Promise<void> {
  await db
    .insert(pageViewCounts)
    .values({ day, path, views: 1 })
    .onConflictDoUpdate({ target: [pageViewCounts.day, pageViewCounts.path], set: { views: sql`${pageViewCounts.views} + 1` } });
}

export async function pageViewsBetween(db: Db, from: string, to: string): Promise<{ day: string; path: string; views: number }[]> {
  return db
    .select({ day: pageViewCounts.day, path: pageViewCounts.path, views: pageViewCounts.views })
    .from(pageViewCounts)
    .where(between(pageViewCounts.day, from, to))
    .orderBy(asc(pageViewCounts.day), asc(pageViewCounts.path));
}
