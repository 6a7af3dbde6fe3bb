import { describe, expect, it } from 'vitest';
import { seedConversation } from '#tests/helpers/history-data.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/** Finding 9 of issue 9: a reply of 6,000 `>` (or deeply nested lists) exports to PDF instead of a 500. */
const t = useTestApp();

describe('deeply nested Markdown in the PDF export', () => {
  it.each([
    ['6,000 >', '>'.repeat(6000)],
    ['2,000 nested bullets', `${'- '.repeat(2000)}deep`],
  ])('%s: the export answers a PDF', async (_name, content) => {
    const { user, cookie } = await t.signIn('vip');
    const session = await seedConversation(t.database.db, user.id, {
      messages: [
        { role: 'user', content: 'Quote me' },
        { role: 'assistant', content },
      ],
    });
    const response = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/pdf`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
