import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column types the tables share. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** PostgreSQL full-text search vector, read as its text form (only SQL ever looks inside it). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
