import { describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors.ts';
import { exportMemoPath, memoText } from '#contract/history.ts';
import { memoReply } from '#tests/fixtures/decision-memo.ts';
import { seedConversation, type SeedMessage } from '#tests/helpers/history-data.ts';
import { firstOutOfOrder, readPdf } from '#tests/helpers/pdf-text.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp, type TestAppContext } from '#tests/helpers/use-test-app.ts';

const question = 'We have $2M to spend. Should we open a second office in Berlin or hire remote engineers?';
const reply = memoReply;

const sections = [memoText.question, memoText.options, memoText.recommendation, memoText.risks, memoText.ownerAndDate, memoText.openQuestions];

async function memoConversation(t: TestAppContext, plan: 'standard' | 'vip' = 'vip', messages: SeedMessage[] = [{ role: 'user', content: question }, { role: 'assistant', content: reply }]) {
  const signedIn = await t.signIn(plan);
  const session = await seedConversation(t.database.db, signedIn.user.id, { title: 'Berlin office or remote hires', updatedAt: new Date('2025-11-22T15:45:00Z'), messages });
  return { ...signedIn, session };
}

describe('GET /api/chat-sessions/:id/export/memo (demo advisor)', () => {
  const t = useTestApp();

  it('answers the owner a one-page PDF memo with every section, written from the conversation', async () => {
    const { cookie, session } = await memoConversation(t);
    const response = await inject(t.app, { method: 'GET', url: `${exportMemoPath(session.id)}?format=pdf&tz=Europe/Berlin`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename=decision-memo-berlin-office-or-remote-hires-2025-11-22.pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe('Decision memo: Berlin office or remote hires');
    expect(firstOutOfOrder(pdf.text, ['Berlin office or remote hires', ...sections.map((s) => s.toUpperCase())])).toBeNull();
    // From the conversation: the question, both options, the lean, a risk, the question back; owner and date blank.
    expect(firstOutOfOrder(pdf.text, [question, 'Open a second office in Berlin', 'Hire remote engineers', 'Hire remote engineers for two quarters', 'Open a second office in Berlin: fixed costs for ten years', 'Decision owner:', 'Decision date:', 'How many engineers do you need by June?'])).toBeNull();
    expect(pdf.text).toContain('Page 1 of 1');
  });

  it('answers the memo as Markdown with format=md', async () => {
    const { cookie, session } = await memoConversation(t);
    const response = await inject(t.app, { method: 'GET', url: `${exportMemoPath(session.id)}?format=md`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=decision-memo-berlin-office-or-remote-hires-2025-11-22.md');
    const markdown = response.body;
    expect(markdown.startsWith('# Decision memo: Berlin office or remote hires\n')).toBe(true);
    expect(firstOutOfOrder(markdown, sections.map((s) => `## ${s}`))).toBeNull();
    expect(markdown).toContain(`## ${memoText.question}\n\n${question}\n`);
    expect(markdown).toContain('- **Decision owner:** ______');
    expect(markdown).not.toContain(memoText.notDiscussed);
  });

  it('is Premium, owner-only, and needs an answered question', async () => {
    const standard = await memoConversation(t, 'standard');
    const refused = await inject(t.app, { method: 'GET', url: `${exportMemoPath(standard.session.id)}?format=md`, cookie: standard.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden:premium' });

    const owner = await memoConversation(t);
    const other = await t.signIn('vip');
    for (const format of ['pdf', 'md']) {
      const response = await inject(t.app, { method: 'GET', url: `${exportMemoPath(owner.session.id)}?format=${format}`, cookie: other.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found:chat_session' });
    }
    const anonymous = await inject(t.app, { method: 'GET', url: exportMemoPath(owner.session.id) });
    expect(anonymous.statusCode).toBe(401);

    const unanswered = await memoConversation(t, 'vip', [{ role: 'user', content: question }]);
    const empty = await inject(t.app, { method: 'GET', url: exportMemoPath(unanswered.session.id), cookie: unanswered.cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'bad_request:memo_empty', error: errorCatalog['bad_request:memo_empty'].message });

    const badFormat = await inject(t.app, { method: 'GET', url: `${exportMemoPath(owner.session.id)}?format=docx`, cookie: owner.cookie });
    expect(badFormat.statusCode).toBe(400);
  });
});

describe('GET /api/chat-sessions/:id/export/memo (a real provider)', () => {
  const t = useTestApp({}, { fakeAi: true });

  it("lays out the provider's sectioned answer, read tolerantly, and sends it the conversation as data", async () => {
    t.fake.whenGenerated(
      'one-page decision memo',
      [
        '**Decision:** Berlin office or remote engineers, with $2M?',
        '### Alternatives',
        '1. Berlin office',
        '2. Remote engineers',
        'Recommendation: Remote first; revisit Berlin in Q3.',
        '## Key risks',
        '- Culture drift',
        '## Next questions',
        '- Which teams must sit together?',
      ].join('\n'),
    );
    const { cookie, session } = await memoConversation(t);
    const response = await inject(t.app, { method: 'GET', url: `${exportMemoPath(session.id)}?format=md`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      [
        '## Question\n\nBerlin office or remote engineers, with $2M?',
        '## Options considered\n\n1. Berlin office\n2. Remote engineers',
        '## Recommendation\n\nRemote first; revisit Berlin in Q3.',
        '## Risks\n\n- Culture drift',
      ].join('\n\n'),
    );
    expect(response.body).toContain('## Open questions\n\n- Which teams must sit together?\n');
    const sent = t.fake.requests.find((request) => request.lastUserText.includes('one-page decision memo'));
    expect(sent?.lastUserText).toMatch(/<conversation-[0-9a-f]{16}>\nUser: /);
    expect(sent?.lastUserText).toContain(`>\nUser: ${question}\n\nAdvisor (CFO): ### Two options side by side`);
  });

  it('may compute with calculate (decision 084): the tool is offered, a scripted call is answered, and the memo uses the result', async () => {
    t.fake.whenGenerated(
      'one-page decision memo',
      { toolCalls: [{ id: 'call_memo_runway', name: 'calculate', input: { operation: 'runway', cash: 2_400_000, monthlyNetBurn: 169_000 } }] },
      ['Decision: Berlin office or remote engineers?', 'Options: 1. Berlin office', 'Recommendation: Remote first: 14.2 months of runway at the current burn.', 'Risks: - Culture drift', 'Open questions: - Which teams?'].join('\n'),
    );
    const { cookie, session } = await memoConversation(t);
    const before = t.fake.requests.length;
    const response = await inject(t.app, { method: 'GET', url: `${exportMemoPath(session.id)}?format=md`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('## Recommendation\n\nRemote first: 14.2 months of runway at the current burn.');
    const [first, second] = t.fake.requests.slice(before).filter((request) => request.lastUserText.includes('one-page decision memo'));
    expect((first!.body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual(['calculate']);
    // The second call carries the memo's own call and the tool's answer, as tool messages.
    expect(second!.body.messages.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_memo_runway', function: { name: 'calculate' } }] });
    const toolMessage = second!.body.messages.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_memo_runway' });
    expect(JSON.parse(toolMessage.content as string)).toMatchObject({ operation: 'runway', results: [{ label: 'Runway', unit: 'months' }] });
  });

  it('answers 502 with words a user can read when the provider refuses, and lays nothing out', async () => {
    const { cookie, session } = await memoConversation(t);
    t.fake.whenGenerated('one-page decision memo', { status: 400 });
    const response = await inject(t.app, { method: 'GET', url: `${exportMemoPath(session.id)}?format=pdf`, cookie });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ code: 'ai:provider', error: replyErrors.rejected });
  });
});
