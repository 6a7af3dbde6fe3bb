import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CompanyProfileFields, FactSource, FactStatus } from '#contract/memory.ts';
import { memoryPromptLimits } from '#contract/memory.ts';
import { builtOnce, type Db, type Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, ownerSlot, ownerValues, type Owner } from '#server/db/ownership.ts';
import { chatSessions, companyFacts, companyProfiles, documentPins, documents, users, type CompanyFact, type CompanyProfile } from '#server/db/schema.ts';

/** A fact with the title of the conversation it came from (null once that conversation is gone). */
export type FactRow = CompanyFact & { sessionTitle: string | null };

const factColumns = {
  id: companyFacts.id,
  userId: companyFacts.userId,
  text: companyFacts.text,
  status: companyFacts.status,
  source: companyFacts.source,
  sessionId: companyFacts.sessionId,
  messageId: companyFacts.messageId,
  statedOn: companyFacts.statedOn,
  createdAt: companyFacts.createdAt,
  updatedAt: companyFacts.updatedAt,
  sessionTitle: chatSessions.title,
};

export async function findProfile(db: Executor, owner: Owner): Promise<CompanyProfile | undefined> {
  const [row] = await db.select().from(companyProfiles).where(ownedBy.companyProfiles(owner));
  return row;
}

/** Writes the caller's profile (a row is made on the first save). */
export async function saveProfile(db: Executor, owner: Owner, values: { fields: CompanyProfileFields; fieldDates: Record<string, string> }): Promise<void> {
  await db
    .insert(companyProfiles)
    .values({ ...values, ...ownerColumns(owner) })
    .onConflictDoUpdate({ target: companyProfiles.userId, set: { ...values, updatedAt: sql`now()` } });
}

export async function setPaused(db: Db, owner: Owner, paused: boolean): Promise<void> {
  await db
    .insert(companyProfiles)
    .values({ paused, ...ownerColumns(owner) })
    .onConflictDoUpdate({ target: companyProfiles.userId, set: { paused, updatedAt: sql`now()` } });
}

/** The new conversations' default industry follows the profile's (issue 33, point 1). */
export async function setDefaultIndustry(db: Executor, userId: string, industry: string): Promise<void> {
  await db.update(users).set({ defaultIndustry: industry }).where(eq(users.id, userId));
}

/** Locks the account's profile row (made if missing), so a count and an insert under it cannot race. */
export async function lockProfile(tx: Executor, owner: Owner): Promise<void> {
  await tx.insert(companyProfiles).values(ownerColumns(owner)).onConflictDoNothing();
  await tx.select({ id: companyProfiles.userId }).from(companyProfiles).where(ownedBy.companyProfiles(owner)).for('update');
}

export async function listFacts(db: Executor, owner: Owner, status: FactStatus, limit: number, sessionId?: string): Promise<FactRow[]> {
  return db
    .select(factColumns)
    .from(companyFacts)
    .leftJoin(chatSessions, eq(chatSessions.id, companyFacts.sessionId))
    .where(and(ownedBy.companyFacts(owner), eq(companyFacts.status, status), sessionId ? eq(companyFacts.sessionId, sessionId) : undefined))
    .orderBy(desc(companyFacts.updatedAt), desc(companyFacts.id))
    .limit(limit);
}

export async function findFact(db: Executor, owner: Owner, id: string): Promise<FactRow | undefined> {
  const [row] = await db
    .select(factColumns)
    .from(companyFacts)
    .leftJoin(chatSessions, eq(chatSessions.id, companyFacts.sessionId))
    .where(and(eq(companyFacts.id, id), ownedBy.companyFacts(owner)));
  return row;
}

export async function countFacts(db: Executor, owner: Owner, status: FactStatus): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companyFacts).where(and(ownedBy.companyFacts(owner), eq(companyFacts.status, status)));
  return row?.n ?? 0;
}

export interface NewFact {
  text: string;
  status: FactStatus;
  source: FactSource;
  sessionId: string | null;
  messageId: string | null;
  statedOn?: string;
}

export async function insertFacts(db: Executor, owner: Owner, facts: NewFact[]): Promise<string[]> {
  if (facts.length === 0) return [];
  const rows = await db
    .insert(companyFacts)
    .values(facts.map((fact) => ({ ...fact, ...ownerColumns(owner) })))
    .returning({ id: companyFacts.id });
  return rows.map((row) => row.id);
}

export async function updateFact(db: Executor, owner: Owner, id: string, changes: { text?: string; statedOn?: string; status?: FactStatus }): Promise<boolean> {
  const rows = await db
    .update(companyFacts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(companyFacts.id, id), ownedBy.companyFacts(owner)))
    .returning({ id: companyFacts.id });
  return rows.length > 0;
}

export async function deleteFact(db: Executor, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(companyFacts)
    .where(and(eq(companyFacts.id, id), ownedBy.companyFacts(owner)))
    .returning({ id: companyFacts.id });
  return rows.length > 0;
}

/** Drops the oldest proposals past `keep` (nobody answered them). */
export async function trimProposals(db: Executor, owner: Owner, keep: number): Promise<void> {
  await db.execute(sql`
    delete from ${companyFacts} where ${companyFacts.id} in (
      select ${companyFacts.id} from ${companyFacts}
      where ${ownedBy.companyFacts(owner)} and ${companyFacts.status} = 'proposed'
      order by ${companyFacts.createdAt} desc offset ${keep}
    )`);
}

/** The texts of the account's facts (saved and proposed), to propose nothing twice. */
export async function knownFactTexts(db: Executor, owner: Owner): Promise<string[]> {
  const rows = await db.select({ text: companyFacts.text }).from(companyFacts).where(ownedBy.companyFacts(owner)).orderBy(desc(companyFacts.updatedAt)).limit(1000);
  return rows.map((row) => row.text);
}

/** What a prompt reads of the memory: the profile and the newest saved facts. */
export interface PromptMemory {
  fields: CompanyProfileFields;
  fieldDates: Record<string, string>;
  paused: boolean;
  facts: Array<{ text: string; statedOn: string; updatedAt: string }>;
  /** The account's pinned documents that can be read (decision 082), oldest pin first. */
  pinned?: Array<{ id: string; name: string; pinnedAt: string }>;
}

type PromptMemoryRow = {
  fields: CompanyProfileFields | null;
  field_dates: Record<string, string> | null;
  paused: boolean | null;
  facts: PromptMemory['facts'] | null;
  pinned: PromptMemory['pinned'] | null;
};

/** Built once (it runs in front of every reply): each call binds only the owner. */
const promptMemoryStatement = builtOnce<ReturnType<typeof ownerValues>, PromptMemoryRow>('prompt_memory', (slot) => {
  const owner = ownerSlot(slot);
  return sql`
    select ${companyProfiles.fields} as fields, ${companyProfiles.fieldDates} as field_dates, ${companyProfiles.paused} as paused,
      (select json_agg(json_build_object('id', ${documents.id}, 'name', ${documents.originalName}, 'pinnedAt', ${documentPins.createdAt}) order by ${documentPins.createdAt}, ${documents.id})
         from ${documentPins} join ${documents} on ${documents.id} = ${documentPins.documentId} and ${ownedBy.documents(owner)} and ${documents.content} is not null
         where ${ownedBy.documentPins(owner)}) as pinned,
      (select json_agg(json_build_object('text', f.text, 'statedOn', to_char(f.stated_on, 'YYYY-MM-DD'), 'updatedAt', f.updated_at) order by f.updated_at desc)
         from (select ${companyFacts.text} as text, ${companyFacts.statedOn} as stated_on, ${companyFacts.updatedAt} as updated_at from ${companyFacts}
               where ${ownedBy.companyFacts(owner)} and ${companyFacts.status} = 'saved'
               order by ${companyFacts.updatedAt} desc limit ${sql.raw(String(memoryPromptLimits.facts))}) f) as facts
    from (select 1) one left join ${companyProfiles} on ${ownedBy.companyProfiles(owner)}`;
});

/**
 * The prompt's one query (issue 33, point 4; one round trip, an index scan on the facts): the
 * account's profile, its newest saved facts and its pinned documents (decision 082: read_document
 * learns from here which ones it may read, no second round trip), or undefined when it has none.
 */
export async function memoryForPrompt(db: Db, owner: Owner): Promise<PromptMemory | undefined> {
  const { rows } = await promptMemoryStatement(db, ownerValues(owner));
  const row = rows[0];
  if (!row || (row.fields === null && row.facts === null && row.pinned === null)) return undefined;
  return { fields: row.fields ?? {}, fieldDates: row.field_dates ?? {}, paused: row.paused ?? false, facts: row.facts ?? [], pinned: row.pinned ?? [] };
}
