import { describe, expect, it } from 'vitest';
import { exportMemoPath } from '#contract/history.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/** Issue 31, point 6: the operator's hint (how to connect a model) never reaches an export; the line for users may. */
const t = useTestApp();
const OPERATOR = /Operator|AI_PROVIDER|API key|README/;

async function demoConversation() {
  const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Retail' } });
  const sent = await ask(t.app, cookie, session.id, 'Should we open a second store or pay down debt?');
  const reply = await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
  expect(reply.content.startsWith('> *Sample answer from the offline demo advisor, not advice.*')).toBe(true);
  return { cookie, session };
}

describe('exports of a demo conversation', () => {
  it('carry no operator hint: the PDF and the Markdown', async () => {
    const { cookie, session } = await demoConversation();

    const pdf = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/pdf?tz=UTC`, cookie });
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain('Sample answer from the offline demo advisor, not advice');
    expect(text).not.toMatch(OPERATOR);

    const markdown = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/markdown?tz=UTC`, cookie });
    expect(markdown.statusCode).toBe(200);
    expect(markdown.body).not.toMatch(OPERATOR);
  });

  it('carry no operator hint: the decision memo', async () => {
    const { cookie, session } = await demoConversation();
    for (const format of ['md', 'pdf'] as const) {
      const memo = await inject(t.app, { method: 'GET', url: `${exportMemoPath(session.id)}?format=${format}&tz=UTC`, cookie });
      expect(memo.statusCode, memo.body).toBe(200);
      const body = format === 'pdf' ? (await readPdf(memo.rawPayload)).text : memo.body;
      expect(body).not.toMatch(OPERATOR);
    }
  });
});
