import { describe, expect, it } from 'vitest';
import { isConnectionLost, isReadOnlyStatement, wasNeverSent } from './connection-loss.ts';

/** What node-postgres and PostgreSQL report, as Drizzle hands it on (the driver's error as `cause`). */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert into ...'), { cause });

describe('connection loss', () => {
  it('is told from errors of the statement itself, through Drizzle’s wrapping', () => {
    expect(isConnectionLost(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe(true);
    expect(isConnectionLost(wrapped({ code: '08006', message: 'connection failure' }))).toBe(true);
    expect(isConnectionLost(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isConnectionLost(wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })))).toBe(true);
    expect(isConnectionLost(wrapped({ code: '23505', message: 'duplicate key value violates unique constraint' }))).toBe(false);
    expect(isConnectionLost(wrapped({ code: '57014', message: 'canceling statement due to statement timeout' }))).toBe(false);
    expect(isConnectionLost(new Error('Something else'))).toBe(false);
  });

  it('knows a statement that never left: a client already broken, no connection made', () => {
    expect(wasNeverSent(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(wasNeverSent(wrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(wasNeverSent(wrapped({ code: '57P03', message: 'the database system is starting up' }))).toBe(true);
    expect(wasNeverSent(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe(false);
    expect(wasNeverSent(new Error('Connection terminated unexpectedly'))).toBe(false);
  });

  it('takes only selects as reads: a with may hide a write', () => {
    expect(isReadOnlyStatement('select "id" from "users" where "id" = $1')).toBe(true);
    expect(isReadOnlyStatement('  (SELECT 1) union (select 2)')).toBe(true);
    expect(isReadOnlyStatement('with moved as (delete from jobs returning *) select count(*) from moved')).toBe(false);
    expect(isReadOnlyStatement('insert into "contact_messages" values ($1)')).toBe(false);
    expect(isReadOnlyStatement('update "sessions" set "last_seen_at" = now()')).toBe(false);
  });
});
