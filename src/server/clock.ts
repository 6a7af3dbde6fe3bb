/**
 * The server's "today" for an account. In every real deployment it is the database's UTC date, so all
 * instances agree (DESIGN.md, Time). Tests that must reach a future day (a decision's follow-up date,
 * decision 034) run with TEST_CLOCK (honoured only when NODE_ENV=test): the harness sets "today" for one
 * account at a time, so journeys running in parallel on the same server never see each other's days,
 * and nothing a browser sends can move it.
 */
export interface Clock {
  /** The day ('YYYY-MM-DD') set for this account, or null: the database's own UTC date. */
  todayOf(userId: string): string | null;
}

/** The test harness's clock (tests/e2e/control-server.ts sets it; integration tests call it directly). */
export interface TestClock extends Clock {
  /** Sets the account's "today", or with null gives it the real date back. */
  set(userId: string, day: string | null): void;
}

export const databaseClock: Clock = { todayOf: () => null };

export function createTestClock(): TestClock {
  const days = new Map<string, string>();
  return {
    todayOf: (userId) => days.get(userId) ?? null,
    set(userId, day) {
      if (day === null) days.delete(userId);
      else if (/^\d{4}-\d{2}-\d{2}$/.test(day)) days.set(userId, day);
      else throw new Error(`test clock: expected a YYYY-MM-DD day, got ${day}`);
    },
  };
}
