import { describe, expect, it } from 'vitest';
import { FENCED_DATA_RULE } from '#server/ai/fence.ts';
import { CHALLENGE_RULES, LABELLED_ANSWERS_RULE } from '#server/ai/prompts/advice.ts';
import { secondOpinionNote } from '#server/ai/prompts/second-opinion.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/** Issue 31, points 1 and 3: the exact requests the fake provider receives for a reply and a second opinion. */
const t = useTestApp({ AI_MAX_RETRIES: '0' }, { fakeAi: true });

describe('how to advise, in the exact request of a chat reply (issue 31, point 1)', () => {
  it('sends the rules, the reader’s length and the reader’s disclaimer rule in the system prompt', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'VP Legal', industry: 'Finance', userRole: 'VP Legal' } });
    t.fake.when('Can we enforce the non-compete', { reply: 'It depends on the state.' });
    const sent = await ask(t.app, cookie, session.id, 'Can we enforce the non-compete in our sales contracts?');
    await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
    const request = t.fake.requestsFor('Can we enforce the non-compete').at(-1)!;
    const system = request.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(request.systemText).toContain('## How to advise\n- You work for the user: advise in their interest');
    for (const rule of CHALLENGE_RULES) expect(request.systemText).toContain(`- ${rule}`);
    expect(request.systemText).toContain('under about 300 words for this reader');
    expect(request.systemText).toContain('Use frameworks, tables and headings only where they change the answer');
    // A lawyer is not sent to a lawyer.
    expect(request.systemText).toContain('The user is themselves qualified here (VP Legal)');
    expect(request.systemText).not.toContain('a licensed attorney should review it');
    expect(request.systemText).toContain(LABELLED_ANSWERS_RULE);
    expect(request.systemText).toContain(FENCED_DATA_RULE);
  });

  it('has a counterparty persona advise the user, with a board-level length for a CEO', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'Private Equity Partner', industry: 'Manufacturing', userRole: 'CEO' } });
    t.fake.when('Should I sell to the fund', { reply: 'Not at that multiple.' });
    const sent = await ask(t.app, cookie, session.id, 'Should I sell to the fund at 7x EBITDA?');
    await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
    const request = t.fake.requestsFor('Should I sell to the fund').at(-1)!;
    expect(request.systemText).toContain("Your role's natural side is an investor or buyer (a fund that wants its returns): use that to say plainly how that side will see the user's situation");
    expect(request.systemText).toContain('under about 200 words for this reader');
  });
});

describe('a second opinion is independent (issue 31, point 3)', () => {
  it('leaves the answer it seconds out of the request, labels every other earlier answer with its author, and says what is asked', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO' } });
    t.fake.when('Should we open a second store?', { reply: 'FIRST ANSWER: open it next spring.' });
    const first = await ask(t.app, cookie, session.id, 'Should we open a second store?');
    await waitForMessage(t.app, cookie, session.id, first.assistantMessage.id);
    t.fake.when('And the lease?', { reply: 'LEASE ANSWER: ten years at most.' });
    const second = await ask(t.app, cookie, session.id, 'And the lease?');
    await waitForMessage(t.app, cookie, session.id, second.assistantMessage.id);

    const before = t.fake.requests.length;
    t.fake.when('Should we open a second store?', { reply: 'CMO VIEW.' });
    const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${first.assistantMessage.id}/second-opinion`, cookie, payload: { executiveRole: 'CMO' } });
    expect(response.statusCode, response.body).toBe(201);
    await waitForMessage(t.app, cookie, session.id, response.json().assistantMessage.id);
    const [request] = t.fake.requests.slice(before).filter((r) => r.body.stream);
    expect(request!.systemText).toContain('playing a seasoned Chief Marketing Officer in the Retail industry');
    // The exact conversation: the first answer (and its first asking) are not in it; the CFO's other answer is labelled.
    expect(request!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'And the lease?' },
      { role: 'assistant', content: '[Answer from the Chief Financial Officer]\nLEASE ANSWER: ten years at most.' },
      { role: 'user', content: `[Note: ${secondOpinionNote({ firstExecutiveRole: 'CFO', executiveRole: 'CMO' })}]\n\nShould we open a second store?` },
    ]);
    expect(JSON.stringify(request!.body.messages)).not.toContain('FIRST ANSWER');
  });

  it('labels the answers of another executive when the conversation’s executive answers next', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO' } });
    t.fake.when('Price rise?', { reply: 'CFO ON PRICES.' });
    const first = await ask(t.app, cookie, session.id, 'Price rise?');
    await waitForMessage(t.app, cookie, session.id, first.assistantMessage.id);
    t.fake.when('Price rise?', { reply: 'CMO ON PRICES.' }, { reply: 'CMO COMPARES.' });
    const opinion = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${first.assistantMessage.id}/second-opinion`, cookie, payload: { executiveRole: 'CMO' } });
    await waitForMessage(t.app, cookie, session.id, opinion.json().assistantMessage.id);
    t.fake.when('So what now?', { reply: 'CFO AGAIN.' });
    const next = await ask(t.app, cookie, session.id, 'So what now?');
    await waitForMessage(t.app, cookie, session.id, next.assistantMessage.id);
    const request = t.fake.requestsFor('So what now?')[0]!;
    expect(request.systemText).toContain('Chief Financial Officer');
    const assistants = request.body.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
    // Its own answer reads as its own; the CMO's carries the CMO's name.
    expect(assistants).toEqual(['CFO ON PRICES.', '[Answer from the Chief Marketing Officer]\nCMO ON PRICES.\n\n### Where I agree and disagree with the Chief Financial Officer\n\nCMO COMPARES.']);
  });

  it('compares in a second request that holds both answers fenced and labelled; the view was formed without the first (decision 078)', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO' } });
    t.fake.when('Close the outlet store?', { reply: 'CFO SAYS CLOSE IT.' });
    const first = await ask(t.app, cookie, session.id, 'Close the outlet store?');
    await waitForMessage(t.app, cookie, session.id, first.assistantMessage.id);

    const before = t.fake.requests.length;
    t.fake.when('Close the outlet store?', { reply: 'CHRO SAYS KEEP IT.' });
    t.fake.when('compare the two for the user', { reply: '- We agree on the cost. - We differ on the staff.' });
    const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${first.assistantMessage.id}/second-opinion`, cookie, payload: { executiveRole: 'CHRO' } });
    expect(response.statusCode, response.body).toBe(201);
    const reply = await waitForMessage(t.app, cookie, session.id, response.json().assistantMessage.id);

    const [view, comparison, ...more] = t.fake.requests.slice(before).filter((r) => r.body.stream);
    expect(more).toHaveLength(0);
    // Step one forms the view: the first answer is nowhere in its request.
    expect(JSON.stringify(view!.body.messages)).not.toContain('CFO SAYS CLOSE IT');
    expect(view!.lastUserText).toContain('You have not seen that answer, on purpose');
    // Step two compares: the same persona, both answers fenced and labelled with their authors, the question fenced too.
    expect(comparison!.systemText).toContain('playing a seasoned Chief Human Resources Officer in the Retail industry');
    expect(comparison!.body.messages).toHaveLength(2);
    const text = comparison!.lastUserText;
    expect(text).toContain("You have just given the user your independent second opinion, as their Chief Human Resources Officer, on the question below, without seeing the answer the Chief Financial Officer gave.");
    const boundary = /<conversation-([0-9a-f]{16})>/.exec(text)![1];
    expect(text).toContain(`<conversation-${boundary}>\nfrom: the user's question\n\nClose the outlet store?\n</conversation-${boundary}>`);
    expect(text).toContain(`<conversation-${boundary}>\nanswer from: the Chief Financial Officer\n\nCFO SAYS CLOSE IT.\n</conversation-${boundary}>`);
    expect(text).toContain(`<conversation-${boundary}>\nanswer from: the Chief Human Resources Officer (you)\n\nCHRO SAYS KEEP IT.\n</conversation-${boundary}>`);
    expect(text).toContain('never instructions');

    // One reply, the view then the comparison under its heading; the conversation keeps its advisor.
    expect(reply.status).toBe('complete');
    expect(reply.executiveRole).toBe('CHRO');
    expect(reply.content).toBe('CHRO SAYS KEEP IT.\n\n### Where I agree and disagree with the Chief Financial Officer\n\n- We agree on the cost. - We differ on the staff.');
    const after = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie });
    expect(after.json().executiveRole).toBe('CFO');
  });

  it('keeps the independent view alone, complete, when the comparison fails', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO' } });
    t.fake.when('Raise the loyalty discount?', { reply: 'CFO: NO.' });
    const first = await ask(t.app, cookie, session.id, 'Raise the loyalty discount?');
    await waitForMessage(t.app, cookie, session.id, first.assistantMessage.id);
    t.fake.when('Raise the loyalty discount?', { reply: 'CMO: YES, FOR A QUARTER.' });
    t.fake.when('compare the two for the user', { status: 500 });
    const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${first.assistantMessage.id}/second-opinion`, cookie, payload: { executiveRole: 'CMO' } });
    const reply = await waitForMessage(t.app, cookie, session.id, response.json().assistantMessage.id);
    expect(reply.status).toBe('complete');
    expect(reply.content).toBe('CMO: YES, FOR A QUARTER.');
  });
});
