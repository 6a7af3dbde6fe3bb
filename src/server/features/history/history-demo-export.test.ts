import { describe, expect, it } from 'vitest';
import { exportMemoPath } from '#contract/history.ts';
import type { RoundtableDto } from '#contract/roundtable.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { roundtableEnded } from '#tests/helpers/roundtable-api.ts';

/**
 * Issue 31, point 6 (decisions 068 and 079): every demo reply and every demo roundtable turn carries the
 * line for users, and so does every export of them (a sample must not pass for advice where others read it);
 * no export carries the operator's hint (how to connect a model).
 */
const t = useTestApp();
const OPERATOR = /Operator|AI_PROVIDER|API key|README/;
const LINE = '> *Sample answer from the offline demo advisor, not advice.*';
const WORDS = 'Sample answer from the offline demo advisor';

async function demoConversation() {
  const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Retail' } });
  const sent = await ask(t.app, cookie, session.id, 'Should we open a second store or pay down debt?');
  const reply = await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
  expect(reply.content.startsWith(`${LINE}\n\n`)).toBe(true);
  return { cookie, session };
}

describe('exports of a demo conversation', () => {
  it('keep the demo line for readers and carry no operator hint: the PDF and the Markdown', async () => {
    const { cookie, session } = await demoConversation();

    const pdf = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/pdf?tz=UTC`, cookie });
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain('My take as your Chief Financial Officer (Retail)');
    expect(text).toContain(WORDS);
    expect(text).not.toMatch(OPERATOR);

    const markdown = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/markdown?tz=UTC`, cookie });
    expect(markdown.statusCode).toBe(200);
    expect(markdown.body).toContain('**My take as your Chief Financial Officer (Retail):**');
    expect(markdown.body).toContain(LINE);
    expect(markdown.body).not.toMatch(OPERATOR);
  });

  it('keep the demo line for readers and carry no operator hint: the decision memo the demo wrote', async () => {
    const { cookie, session } = await demoConversation();
    for (const format of ['md', 'pdf'] as const) {
      const memo = await inject(t.app, { method: 'GET', url: `${exportMemoPath(session.id)}?format=${format}&tz=UTC`, cookie });
      expect(memo.statusCode, memo.body).toBe(200);
      const body = format === 'pdf' ? (await readPdf(memo.rawPayload)).text : memo.body;
      expect(body).toContain(WORDS);
      // Once, under the memo's heading, never inside a section.
      expect(body.split(WORDS)).toHaveLength(2);
      if (format === 'md') expect(body).toMatch(/^# Decision memo: .*\n(?:.*\n)*?> \*Sample answer from the offline demo advisor, not advice\.\*\n\n## Question/m);
      expect(body).not.toMatch(OPERATOR);
    }
  });
});

describe('a demo roundtable', () => {
  for (const [format, roles] of [
    ['roundtable', ['CFO', 'CMO', 'COO']],
    ['head-to-head', ['CFO', 'CMO']],
  ] as const) {
    it(`(${format}) opens every seat's and the chair's turn with the demo line, and its board pack keeps it`, async () => {
      const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CEO', industry: 'Retail' } });
      const created = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/roundtables`, cookie, payload: { question: 'Should we open ten stores in Ohio or five in Texas?', format, executiveRoles: roles } });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as RoundtableDto).id;
      const table = await roundtableEnded(t.app, cookie, id);
      expect(table.status).toBe('complete');
      expect(table.turns.length).toBeGreaterThanOrEqual(roles.length);
      for (const turn of table.turns) {
        expect(turn.content.startsWith(`${LINE}\n\n`), turn.content.slice(0, 120)).toBe(true);
        expect(turn.content.slice(LINE.length).trim()).not.toBe('');
      }
      expect(table.turns[0]!.content.startsWith(`${LINE}\n\n### My position:`)).toBe(true);
      expect(table.synthesis!.content.startsWith(`${LINE}\n\n## `)).toBe(true);
      // The stances are still read from the turns.
      expect(table.turns.every((turn) => turn.stance !== null && !turn.stance.position.includes(WORDS))).toBe(true);

      const pack = await inject(t.app, { method: 'GET', url: `/api/roundtables/${id}/export/pdf?tz=UTC`, cookie });
      expect(pack.statusCode).toBe(200);
      const { text } = await readPdf(pack.rawPayload);
      expect(text).toContain('My position');
      expect(text).toContain(WORDS);
      expect(text).not.toMatch(OPERATOR);
    });
  }
});
