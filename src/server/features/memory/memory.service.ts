import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import {
  formatMemoryDate,
  formatMoney,
  isStale,
  memoryLimits,
  memoryText,
  profileFieldNames,
  profileLabels,
  runwayMonths,
  type CompanyProfileFields,
  type FactDto,
  type MemoryResponse,
  type ParsedUpdateProfileInput,
  type ProfileFieldName,
  type ProposalsResponse,
} from '#contract/memory.ts';
import { logSummary } from '#server/ai/provider-errors.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { accountOwner, ownerOf, type Owner } from '#server/db/ownership.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { MARKDOWN_TYPE, type Download } from '#server/plugins/file-responses.ts';
import type { Caller } from '#server/plugins/session.ts';
import { extractFacts, mayStateFacts, newFactsOnly } from './fact-extraction.ts';
import * as queries from './memory.queries.ts';
import { composeMemoryBlock } from './memory-prompt.ts';
import { listPinned } from './pins.service.ts';

export interface MemoryDeps {
  db: Db;
  config: Pick<Config, 'memory' | 'ai'>;
  log: FastifyBaseLogger;
  /** Reads facts from a message after a reply (structured output; the demo model answers it too). */
  model: LanguageModel;
  /** The signed-in account is cached (decision 002): a new default industry is read again at once. */
  sessionCache?: { invalidateUser(userId: string): void };
}

/** How many saved facts the page lists (all of them: the account's bound). */
const LISTED_FACTS = memoryLimits.savedFacts;

function toFactDto(row: queries.FactRow, staleMonths: number): FactDto {
  return {
    id: row.id,
    text: row.text,
    status: row.status,
    source: row.source,
    sessionId: row.sessionId,
    sessionTitle: row.sessionTitle,
    messageId: row.messageId,
    statedOn: row.statedOn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    needsReview: row.status === 'saved' && isStale(row.statedOn, staleMonths),
  };
}

/** Only the fields that hold a value (a cleared field is gone, with its date). */
function compact(fields: CompanyProfileFields): CompanyProfileFields {
  const out: Record<string, unknown> = {};
  for (const name of profileFieldNames) {
    const value = fields[name];
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[name] = value;
  }
  return out as CompanyProfileFields;
}

export async function getMemory(deps: MemoryDeps, caller: Caller): Promise<MemoryResponse> {
  const staleMonths = deps.config.memory.staleMonths;
  const [profile, facts, pinnedDocuments] = await Promise.all([
    queries.findProfile(deps.db, ownerOf(caller)),
    queries.listFacts(deps.db, ownerOf(caller), 'saved', LISTED_FACTS),
    listPinned(deps, caller),
  ]);
  const fields = profile?.fields ?? {};
  const fieldDates = profile?.fieldDates ?? {};
  return {
    profile: fields,
    fieldDates,
    staleFields: Object.entries(fieldDates)
      .filter(([name, date]) => fields[name as ProfileFieldName] != null && isStale(date, staleMonths))
      .map(([name]) => name),
    runwayMonths: runwayMonths(fields),
    paused: profile?.paused ?? false,
    facts: facts.map((row) => toFactDto(row, staleMonths)),
    factsAllowed: caller.isPremium,
    pinnedDocuments,
    pinsAllowed: caller.isPremium,
    staleMonths,
    updatedAt: profile?.updatedAt.toISOString() ?? null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Changes the fields given (absent: unchanged; null or empty: cleared), dating each one that changed.
 * A profile industry becomes the default industry of new conversations (issue 33, point 1) for a
 * Premium account (default settings are Premium; decision 074).
 */
export async function updateProfile(deps: MemoryDeps, caller: Caller, input: ParsedUpdateProfileInput): Promise<MemoryResponse> {
  await deps.db.transaction(async (tx) => {
    await queries.lockProfile(tx, ownerOf(caller));
    const current = await queries.findProfile(tx, ownerOf(caller));
    const fields: CompanyProfileFields = { ...(current?.fields ?? {}) };
    const fieldDates: Record<string, string> = { ...(current?.fieldDates ?? {}) };
    const now = new Date().toISOString();
    for (const name of profileFieldNames) {
      if (!(name in input)) continue;
      const value = (input as Record<string, unknown>)[name] ?? null;
      if (same(fields[name], value)) continue;
      (fields as Record<string, unknown>)[name] = value;
      if (value === null || (Array.isArray(value) && value.length === 0)) delete fieldDates[name];
      else fieldDates[name] = now;
    }
    await queries.saveProfile(tx, ownerOf(caller), { fields: compact(fields), fieldDates });
    // Default settings are Premium (the plans table): a Free account's profile industry is for the prompts only.
    if (input.industry && caller.isPremium) await queries.setDefaultIndustry(tx, caller.user.id, input.industry);
  });
  if (input.industry && caller.isPremium) deps.sessionCache?.invalidateUser(caller.user.id);
  return getMemory(deps, caller);
}

export async function setPaused(deps: MemoryDeps, caller: Caller, paused: boolean): Promise<MemoryResponse> {
  await queries.setPaused(deps.db, ownerOf(caller), paused);
  return getMemory(deps, caller);
}

function assertFactsAllowed(caller: Caller): void {
  if (!caller.isPremium) throw new AppError('forbidden:memory_facts');
}

async function requireFact(deps: MemoryDeps, caller: Caller, id: string): Promise<queries.FactRow> {
  const row = await queries.findFact(deps.db, ownerOf(caller), id);
  if (!row) throw new AppError('not_found:fact');
  return row;
}

/** Saves a fact under the account's bound; counted and inserted under a lock, so two saves at once cannot both pass. */
async function withinBound<T>(deps: MemoryDeps, caller: Caller, work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    await queries.lockProfile(tx, ownerOf(caller));
    if ((await queries.countFacts(tx, ownerOf(caller), 'saved')) >= memoryLimits.savedFacts) throw new AppError('bad_request:facts_full');
    return work(tx);
  });
}

export async function createFact(deps: MemoryDeps, caller: Caller, input: { text: string; statedOn?: string }): Promise<FactDto> {
  assertFactsAllowed(caller);
  const [id] = await withinBound(deps, caller, (tx) =>
    queries.insertFacts(tx, ownerOf(caller), [{ text: input.text, status: 'saved', source: 'manual', sessionId: null, messageId: null, ...(input.statedOn ? { statedOn: input.statedOn } : {}) }]),
  );
  return toFactDto(await requireFact(deps, caller, id!), deps.config.memory.staleMonths);
}

/** Edits a fact or a proposal; `status: 'saved'` saves a proposal (Premium, within the bound). An edit of the text dates it today unless a date is given. */
export async function updateFact(deps: MemoryDeps, caller: Caller, id: string, input: { text?: string; statedOn?: string; status?: 'saved' }): Promise<FactDto> {
  assertFactsAllowed(caller);
  const existing = await requireFact(deps, caller, id);
  const changes: { text?: string; statedOn?: string; status?: 'saved' } = {};
  if (input.text !== undefined) changes.text = input.text;
  if (input.statedOn !== undefined) changes.statedOn = input.statedOn;
  else if (input.text !== undefined && input.text !== existing.text && existing.status === 'saved') changes.statedOn = new Date().toISOString().slice(0, 10);
  if (input.status !== undefined) changes.status = input.status;
  const saving = input.status === 'saved' && existing.status !== 'saved';
  const apply = (tx: Parameters<typeof queries.updateFact>[0]) => queries.updateFact(tx, ownerOf(caller), id, changes);
  if (!(await (saving ? withinBound(deps, caller, apply) : apply(deps.db)))) throw new AppError('not_found:fact');
  return toFactDto(await requireFact(deps, caller, id), deps.config.memory.staleMonths);
}

/** Deletes a fact, or dismisses a proposal. */
export async function deleteFact(deps: MemoryDeps, caller: Caller, id: string): Promise<{ deletedId: string }> {
  if (!(await queries.deleteFact(deps.db, ownerOf(caller), id))) throw new AppError('not_found:fact');
  return { deletedId: id };
}

/** The "Remember this?" proposals of one of the caller's conversations (another's: none). */
export async function listProposals(deps: MemoryDeps, caller: Caller, sessionId: string): Promise<ProposalsResponse> {
  if (!caller.isPremium) return { proposals: [] };
  const rows = await queries.listFacts(deps.db, ownerOf(caller), 'proposed', memoryLimits.pendingProposals, sessionId);
  return { proposals: rows.map((row) => toFactDto(row, deps.config.memory.staleMonths)) };
}

/**
 * After a reply completes (in the background, never before its end): the user's message is read for
 * new facts, proposed under the reply. Premium only (decision 074), not while memory is paused, and
 * no model call for a message that cannot state a fact.
 */
export function proposeFactsAfterReply(deps: MemoryDeps) {
  return async (job: { userId: string; sessionId: string; messageId: string; premium?: boolean }, history: readonly Pick<ChatMessage, 'role' | 'content'>[]): Promise<void> => {
    if (!job.premium) return;
    const message = history.find((m) => m.role === 'user')?.content.trim() ?? '';
    if (!message || !mayStateFacts(message)) return;
    const owner = accountOwner(job.userId);
    const profile = await queries.findProfile(deps.db, owner);
    if (profile?.paused) return;
    let candidates: string[];
    try {
      candidates = await extractFacts({ model: deps.model, message: message.slice(0, 8000), maxRetries: deps.config.ai.maxRetries, signal: AbortSignal.timeout(deps.config.ai.stallTimeoutMs) });
    } catch (err) {
      deps.log.warn({ err: logSummary(err), messageId: job.messageId }, 'company memory: reading facts from the message failed');
      return;
    }
    const facts = newFactsOnly(candidates, await queries.knownFactTexts(deps.db, owner));
    if (facts.length === 0) return;
    await queries.insertFacts(
      deps.db,
      owner,
      facts.map((text) => ({ text, status: 'proposed' as const, source: 'conversation' as const, sessionId: job.sessionId, messageId: job.messageId })),
    );
    await queries.trimProposals(deps.db, owner, memoryLimits.pendingProposals);
  };
}

/**
 * The memory for a prompt, in one query: the block (empty when paused or empty) and the pinned
 * documents read_document may read (decision 082: Premium, i.e. `includeFacts`, and not paused).
 */
export async function memoryContextFor(
  deps: Pick<MemoryDeps, 'db' | 'config'>,
  input: { owner: Owner; question: string; includeFacts: boolean },
): Promise<{ block: string; pinnedDocumentIds: string[] }> {
  const memory = await queries.memoryForPrompt(deps.db, input.owner);
  if (!memory) return { block: '', pinnedDocumentIds: [] };
  const block = composeMemoryBlock({ memory, question: input.question, staleMonths: deps.config.memory.staleMonths, includeFacts: input.includeFacts });
  return { block, pinnedDocumentIds: input.includeFacts && !memory.paused ? (memory.pinned ?? []).map((document) => document.id) : [] };
}

/** The memory block for a prompt (chat, a roundtable's seats and chair, the memo): one query; empty when paused or empty. */
export async function memoryBlockFor(deps: Pick<MemoryDeps, 'db' | 'config'>, input: { owner: Owner; question: string; includeFacts: boolean }): Promise<string> {
  return (await memoryContextFor(deps, input)).block;
}

function profileValue(name: ProfileFieldName, fields: CompanyProfileFields): string | null {
  const value = fields[name];
  if (value === null || value === undefined || value === '') return null;
  if (name === 'cash' || name === 'revenue' || name === 'monthlyNetBurn') return formatMoney(value as number);
  if (name === 'grossMarginPercent') return `${value as number}%`;
  if (name === 'revenueKind') return value === 'arr' ? 'ARR' : 'Revenue';
  if (name === 'leadership') return (value as Array<{ role: string; name: string }>).map((l) => (l.name ? `${l.role}: ${l.name}` : l.role)).join('; ');
  return String(value);
}

/** The page as a file: Markdown to read, JSON to keep (issue 33, point 6). */
export async function exportMemory(deps: MemoryDeps, caller: Caller, format: 'markdown' | 'json'): Promise<Download<string>> {
  const memory = await getMemory(deps, caller);
  const day = new Date().toISOString().slice(0, 10);
  if (format === 'json') {
    const body = {
      exportedAt: new Date().toISOString(),
      paused: memory.paused,
      profile: memory.profile,
      fieldDates: memory.fieldDates,
      runwayMonths: memory.runwayMonths,
      facts: memory.facts.map((f) => ({ text: f.text, source: f.source, sessionTitle: f.sessionTitle, statedOn: f.statedOn, needsReview: f.needsReview })),
      pinnedDocuments: memory.pinnedDocuments.map((d) => ({ name: d.name, sessionTitle: d.sessionTitle, pinnedAt: d.pinnedAt })),
    };
    return { fileName: `company-memory-${day}.json`, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body, null, 2) };
  }
  const lines = [`# ${memoryText.pageTitle}`, '', `Exported ${formatMemoryDate(new Date().toISOString())}.${memory.paused ? ` ${memoryText.pausedOn}` : ''}`, '', `## ${memoryText.profileTitle}`, ''];
  let any = false;
  for (const name of profileFieldNames) {
    const value = profileValue(name, memory.profile);
    if (value === null || name === 'revenueKind') continue;
    any = true;
    const date = memory.fieldDates[name];
    lines.push(`- **${profileLabels[name]}:** ${value.replace(/\n+/g, ' ')}${date ? ` (${formatMemoryDate(date)})` : ''}`);
  }
  if (memory.runwayMonths !== null) lines.push(`- **${memoryText.runway}:** ${memoryText.runwayValue(memory.runwayMonths)}`);
  if (!any) lines.push('Nothing yet.');
  lines.push('', `## ${memoryText.factsTitle}`, '');
  if (memory.facts.length === 0) lines.push('None.');
  for (const fact of memory.facts) {
    const source = fact.source === 'manual' ? memoryText.sourceManual : fact.source === 'decision' ? memoryText.sourceDecision : memoryText.sourceConversation(fact.sessionTitle);
    lines.push(`- ${fact.text} (${memoryText.factDate(fact.statedOn)}; ${source}${fact.needsReview ? `; ${memoryText.needsReview.toLowerCase()}` : ''})`);
  }
  lines.push('', `## ${memoryText.pinsTitle}`, '');
  if (memory.pinnedDocuments.length === 0) lines.push('None.');
  for (const document of memory.pinnedDocuments) lines.push(`- ${document.name} (${memoryText.pinnedOn(document.pinnedAt)}${document.sessionTitle ? `; from "${document.sessionTitle}"` : ''})`);
  return { fileName: `company-memory-${day}.md`, contentType: MARKDOWN_TYPE, body: `${lines.join('\n')}\n` };
}
