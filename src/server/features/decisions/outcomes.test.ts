import { describe, expect, it } from 'vitest';
import { decisionValidation, MAX_DECISION_OUTCOME, type DecisionDto } from '#contract/decisions.ts';
import type { MemoryResponse } from '#contract/memory.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/** Outcomes remembered (issue 33, point 5; decision 082): "How did it go?" on the decision, and as a saved fact on Premium. */
const t = useTestApp();

async function savedDecision(plan: 'vip' | 'standard' = 'vip') {
  const { cookie, session } = await t.conversation({ plan });
  const { assistantMessage } = await ask(t.app, cookie, session.id, 'Should we open an office in Lisbon?');
  await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
  const saved = await inject(t.app, { method: 'POST', url: '/api/decisions', cookie, payload: { sessionId: session.id, messageId: assistantMessage.id, text: 'Open a Lisbon office in Q1' } });
  expect(saved.statusCode, saved.body).toBe(201);
  return { cookie, session, decision: saved.json() as DecisionDto };
}
const patch = (cookie: string, id: string, payload: Record<string, unknown>) => inject(t.app, { method: 'PATCH', url: `/api/decisions/${id}`, cookie, payload });
const factsOf = async (cookie: string) => ((await inject(t.app, { method: 'GET', url: '/api/memory', cookie })).json() as MemoryResponse).facts;
const today = () => new Date().toISOString().slice(0, 10);

describe('what happened to a decision', () => {
  it('marked done with an outcome becomes one saved fact, from the decision’s conversation, dated today; an edit updates that fact', async () => {
    const { cookie, session, decision } = await savedDecision();
    const done = await patch(cookie, decision.id, { status: 'done', outcome: '  We hired 9 people there by March; rent was 20% under plan. ' });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json() as DecisionDto;
    expect(body).toMatchObject({ status: 'done', outcome: 'We hired 9 people there by March; rent was 20% under plan.' });
    const decidedOn = new Date(decision.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const [fact] = await factsOf(cookie);
    expect(fact).toMatchObject({
      id: body.outcomeFactId,
      text: `Decision on ${decidedOn}: Open a Lisbon office in Q1. What happened: We hired 9 people there by March; rent was 20% under plan.`,
      source: 'decision',
      sessionId: session.id,
      statedOn: today(),
    });

    const edited = (await patch(cookie, decision.id, { outcome: 'We hired 11 people there.' })).json() as DecisionDto;
    expect(edited.outcomeFactId).toBe(fact!.id);
    expect((await factsOf(cookie)).map((f) => [f.id, f.text])).toEqual([[fact!.id, `Decision on ${decidedOn}: Open a Lisbon office in Q1. What happened: We hired 11 people there.`]]);

    // Clearing what happened removes the fact.
    const cleared = (await patch(cookie, decision.id, { outcome: '' })).json() as DecisionDto;
    expect(cleared).toMatchObject({ outcome: null, outcomeFactId: null });
    expect(await factsOf(cookie)).toEqual([]);
  });

  it('stays on the decision only for a Free account, and while memory is paused', async () => {
    const free = await savedDecision('standard');
    const done = (await patch(free.cookie, free.decision.id, { status: 'done', outcome: 'It went well.' })).json() as DecisionDto;
    expect(done).toMatchObject({ status: 'done', outcome: 'It went well.', outcomeFactId: null });

    const paused = await savedDecision();
    await inject(t.app, { method: 'PATCH', url: '/api/memory/settings', cookie: paused.cookie, payload: { paused: true } });
    const kept = (await patch(paused.cookie, paused.decision.id, { status: 'done', outcome: 'It went well.' })).json() as DecisionDto;
    expect(kept).toMatchObject({ outcome: 'It went well.', outcomeFactId: null });
    expect(await factsOf(paused.cookie)).toEqual([]);
  });

  it('refuses an outcome too long in the contract’s words, and another account’s decision is not found', async () => {
    const { cookie, decision } = await savedDecision();
    const long = await patch(cookie, decision.id, { status: 'done', outcome: 'x'.repeat(MAX_DECISION_OUTCOME + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain(decisionValidation.outcomeTooLong);
    const other = await t.signIn('vip');
    const refused = await patch(other.cookie, decision.id, { status: 'done', outcome: 'Mine now.' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('not_found:decision');
    expect(await factsOf(other.cookie)).toEqual([]);
    expect(await factsOf(cookie)).toEqual([]);
  });
});
