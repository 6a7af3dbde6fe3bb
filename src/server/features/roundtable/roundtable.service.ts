import { defaultSessionTitle, MAX_TITLE_LENGTH } from '#contract/chat.ts';
import { roundtableFormatLabels, type ParsedCreateRoundtableInput, type RoundtableDto } from '#contract/roundtable.ts';
import { demoTitle } from '#server/ai/demo/demo-model.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Roundtable } from '#server/db/schema.ts';
import { ownerOf } from '#server/db/ownership.ts';
import { AppError } from '#server/errors.ts';
import { findOwnedSession } from '#server/features/chat/index.ts';
import { PDF_TYPE, type Download } from '#server/plugins/file-responses.ts';
import { exportFileName, renderConversationPdfOffThread, resolveTimeZone } from '#server/features/history/index.ts';
import { boardPackOf } from './board-pack.ts';
import type { Caller } from '#server/plugins/session.ts';
import { toRoundtableDto } from './roundtable-dto.ts';
import type { RoundtableRunner } from './roundtable-runner.ts';
import * as queries from './roundtable.queries.ts';

export interface RoundtableDeps {
  db: Db;
  config: Config;
  runner: RoundtableRunner;
}

function assertPremium(caller: Caller): void {
  if (!caller.isPremium) throw new AppError('forbidden:premium');
}

async function requireOwned(deps: Pick<RoundtableDeps, 'db'>, caller: Caller, id: string): Promise<Roundtable> {
  const table = await queries.findOwnedRoundtable(deps.db, id, ownerOf(caller));
  if (!table) throw new AppError('not_found:roundtable');
  return table;
}

async function dtoOf(deps: Pick<RoundtableDeps, 'db'>, table: Roundtable): Promise<RoundtableDto> {
  return toRoundtableDto(table, await queries.turnsOf(deps.db, table.id));
}

/**
 * Convenes a table in the caller's conversation (Premium): the question becomes a message of the
 * conversation, the table a row, and the runner starts at once; at most `maxPerUser` run per account.
 */
export async function createRoundtable(deps: RoundtableDeps, caller: Caller, sessionId: string, input: ParsedCreateRoundtableInput): Promise<RoundtableDto> {
  const session = await findOwnedSession(deps.db, caller, sessionId);
  if (!session) throw new AppError('not_found:chat_session');
  assertPremium(caller);
  if (input.followUpOf) {
    const parent = await queries.findOwnedRoundtable(deps.db, input.followUpOf, ownerOf(caller));
    if (!parent || parent.sessionId !== session.id) throw new AppError('not_found:roundtable');
  }
  const table = await deps.db.transaction(async (tx) => {
    await queries.lockOwnerRoundtables(tx, ownerOf(caller));
    if ((await queries.countRunningFor(tx, ownerOf(caller))) >= deps.config.roundtable.maxPerUser) throw new AppError('rate_limit:roundtables');
    const locked = await queries.lockOwnedSession(tx, session.id, ownerOf(caller));
    if (!locked) throw new AppError('not_found:chat_session');
    const row = await queries.insertRoundtable(tx, ownerOf(caller), {
      sessionId: session.id,
      format: input.format,
      question: input.question,
      executiveRoles: input.executiveRoles,
      industry: locked.industry,
      userRole: locked.userRole,
      maxRounds: input.addressTo ? 1 : input.maxRounds,
      addressTo: input.addressTo ?? null,
      followUpOf: input.followUpOf ?? null,
      tokenBudget: deps.config.roundtable.tokenBudget,
    });
    if (!input.followUpOf) await queries.titleUntitledSession(tx, session.id, defaultSessionTitle(locked.executiveRole, locked.industry), `${roundtableFormatLabels[input.format]}: ${demoTitle(input.question)}`.slice(0, MAX_TITLE_LENGTH));
    await queries.insertTurns(tx, [
      { roundtableId: row.id, sessionId: session.id, round: 0, seat: '', role: 'user', content: input.question, status: 'complete', userRole: locked.userRole, timestamp: new Date() },
    ]);
    return row;
  });
  deps.runner.start(table.id, { table, resume: false });
  return dtoOf(deps, table);
}

export async function getRoundtable(deps: RoundtableDeps, caller: Caller, id: string): Promise<RoundtableDto> {
  return dtoOf(deps, await requireOwned(deps, caller, id));
}

/** The tables of one of the caller's conversations (the chat screen shows them where they were asked). */
export async function listRoundtables(deps: RoundtableDeps, caller: Caller, sessionId: string): Promise<RoundtableDto[]> {
  const session = await findOwnedSession(deps.db, caller, sessionId);
  if (!session) throw new AppError('not_found:chat_session');
  const tables = await queries.roundtablesOfSession(deps.db, session.id, ownerOf(caller));
  return Promise.all(tables.map((t) => dtoOf(deps, t)));
}

/** Stop ends every seat and keeps what was said; stopping a finished table changes nothing. */
export async function stopRoundtable(deps: RoundtableDeps, caller: Caller, id: string): Promise<RoundtableDto> {
  const table = await requireOwned(deps, caller, id);
  if (table.status === 'running' && !(await deps.runner.stop(id))) {
    // Written on another instance: it ends at its next round or save, or at once when the bus reaches it.
    await queries.markStopped(deps.db, id);
    deps.runner.announceStop(id);
  }
  return dtoOf(deps, await requireOwned(deps, caller, id));
}

/** An interrupted table carries on: finished turns stay, the interrupted round is held again, then the rest. */
export async function resumeRoundtable(deps: RoundtableDeps, caller: Caller, id: string): Promise<RoundtableDto> {
  const table = await requireOwned(deps, caller, id);
  assertPremium(caller);
  if (table.status !== 'interrupted' || deps.runner.isRunning(id)) throw new AppError('bad_request:roundtable_state', 'Only an interrupted roundtable can be resumed.');
  const reopened = await queries.reopenInterrupted(deps.db, id, ownerOf(caller));
  if (!reopened) throw new AppError('bad_request:roundtable_state', 'Only an interrupted roundtable can be resumed.');
  deps.runner.start(reopened.id, { table: reopened, resume: true });
  return dtoOf(deps, reopened);
}

export async function assertStreamable(deps: RoundtableDeps, caller: Caller, id: string): Promise<void> {
  await requireOwned(deps, caller, id);
}

/** Token usage of roundtables per UTC day, for the admin stats (admins only). */
export async function roundtableUsage(deps: RoundtableDeps, caller: Caller, days: number) {
  if (caller.user.appUserType !== 'admin') throw new AppError('forbidden:auth');
  return { days: await queries.usagePerDay(deps.db, days) };
}

/** The board pack as an A4 PDF (Premium, the owner's own table), rendered on the export's PDF threads. */
export async function exportBoardPack(deps: RoundtableDeps, caller: Caller, id: string, timeZone?: string): Promise<Download<Buffer>> {
  const table = await requireOwned(deps, caller, id);
  assertPremium(caller);
  const dto = await dtoOf(deps, table);
  const pack = boardPackOf(dto, { appName: deps.config.appName, timeZone: resolveTimeZone(timeZone), userName: 'You' });
  const fileName = exportFileName(`board pack ${table.question}`, table.createdAt, 'pdf');
  return { body: await renderConversationPdfOffThread(pack), fileName, contentType: PDF_TYPE };
}
