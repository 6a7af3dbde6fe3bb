import { describe, expect, it } from 'vitest';
import type { RoundtableDto } from '#contract/roundtable.ts';
import type { ToolActivity } from '#contract/tools.ts';
import { openSse } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { roundtableEnded } from '#tests/helpers/roundtable-api.ts';

/**
 * Issue 32, point 1 (decision 084): a roundtable seat calls the same tools a reply does, through the
 * turn's tool loop, against the fake OpenAI-compatible server streaming tool calls in SSE. What
 * reaches the model is asserted on the exact requests the fake receives.
 */
const t = useTestApp({}, { fakeAi: true, listen: true });

const TITLES = { CFO: 'Chief Financial Officer', CMO: 'Chief Marketing Officer' } as const;
const stance = (position: string) => `\n\n<stance>\nPosition: ${position}\nConfidence: high\nMain risk: ${position} risk\n</stance>`;

const settled = (cookie: string, id: string) => roundtableEnded(t.app, cookie, id);

async function table(question: string) {
  const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CEO', industry: 'Technology' } });
  const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/roundtables`, cookie, payload: { question, format: 'roundtable', executiveRoles: ['CFO', 'CMO'], maxRounds: 1 } });
  expect(response.statusCode, response.body).toBe(201);
  return { cookie, table: response.json() as RoundtableDto };
}

describe('roundtable seats with tools', () => {
  it('a seat computes with calculate: the tool is offered, its result reaches its next call, and the call is streamed and saved on the seat', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.fake.whenSystem(
      TITLES.CFO,
      { toolCalls: [{ id: 'call_seat_runway', name: 'calculate', input: { operation: 'runway', cash: 2_400_000, monthlyNetBurn: 169_000 } }] },
      { reply: `We have about 14.2 months of runway (cash 2.4M / burn 169K).${stance('Hire slowly')}`, gate, gateAfterChunks: 1 },
    );
    t.fake.whenSystem(TITLES.CMO, { reply: `Spend on growth now.${stance('Hire now')}` });
    t.fake.whenSystem('chair of an executive roundtable', { reply: '## Consensus\nRunway first.' });
    const question = 'Cash is $2.4M and net burn $169K a month: can we hire ten people? [seat-tools-1]';
    const { cookie, table: created } = await table(question);

    // A reader following the table gets the seat's tool activity as it happens, before its words.
    const stream = await openSse(`${t.origin}/api/roundtables/${created.id}/stream`, { cookie });
    const toolsEvent = await stream.next((event) => event.event === 'tools' && (event.data as { tools: ToolActivity[] }).tools[0]?.status === 'done');
    const cfoTurn = (toolsEvent.data as { turnId: string }).turnId;
    expect((toolsEvent.data as { tools: ToolActivity[] }).tools[0]).toMatchObject({ callId: 'call_seat_runway', name: 'calculate', label: 'Calculating runway…', status: 'done' });
    release();
    await stream.ended;

    const done = await settled(cookie, created.id);
    expect(done.status).toBe('complete');
    const cfo = done.turns.find((turn) => turn.seat === 'CFO')!;
    expect(cfo.id).toBe(cfoTurn);
    expect(cfo).toMatchObject({ status: 'complete', content: expect.stringContaining('14.2 months of runway') });
    expect(cfo.tools).toHaveLength(1);
    expect(cfo.tools![0]!.calculation!.results[0]!.value).toBeCloseTo(14.2, 1);
    // The seat that called no tool has none.
    expect(done.turns.find((turn) => turn.seat === 'CMO')!.tools).toBeUndefined();

    // The exact requests: the seat is offered calculate; its second call carries its own call and the tool's answer.
    const cfoRequests = t.fake.requests.filter((r) => r.body.stream && r.systemText.includes(TITLES.CFO) && r.lastUserText.includes('[seat-tools-1]'));
    expect(cfoRequests).toHaveLength(2);
    expect((cfoRequests[0]!.body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual(['calculate']);
    expect(cfoRequests[1]!.body.messages.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_seat_runway', function: { name: 'calculate' } }] });
    const toolMessage = cfoRequests[1]!.body.messages.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_seat_runway' });
    expect(JSON.parse(toolMessage.content as string)).toMatchObject({ operation: 'runway', results: [{ label: 'Runway', unit: 'months' }] });

    // A reader who comes after the end gets the saved tool activity with the seat, in the snapshot.
    const later = await openSse(`${t.origin}/api/roundtables/${created.id}/stream`, { cookie });
    await later.ended;
    const snapshot = later.events.find((event) => event.event === 'snapshot')!.data as { roundtable: RoundtableDto };
    expect(snapshot.roundtable.turns.find((turn) => turn.seat === 'CFO')!.tools).toEqual(cfo.tools);
  });

  it('a seat whose model cannot call tools answers on the plain path, never with an error', async () => {
    t.fake.whenSystem(TITLES.CFO, { status: 400, message: 'registry.ollama.ai/library/gemma:2b does not support tools' }, { reply: `Plain answer.${stance('Wait')}` });
    t.fake.whenSystem(TITLES.CMO, { reply: `Go.${stance('Go')}` });
    t.fake.whenSystem('chair of an executive roundtable', { reply: '## Consensus\nSplit.' });
    const { cookie, table: created } = await table('Should we wait? [seat-tools-2]');
    const done = await settled(cookie, created.id);
    expect(done.turns.find((turn) => turn.seat === 'CFO')).toMatchObject({ status: 'complete', content: 'Plain answer.', error: null });
    const cfoRequests = t.fake.requests.filter((r) => r.body.stream && r.systemText.includes(TITLES.CFO) && r.lastUserText.includes('[seat-tools-2]'));
    expect(cfoRequests.map((r) => r.body.tools !== undefined)).toEqual([true, false]);
  });
});
