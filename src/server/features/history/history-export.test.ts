import { describe, expect, it } from 'vitest';
import { seedConversation } from '#tests/helpers/history-data.ts';
import { firstOutOfOrder, readPdf } from '#tests/helpers/pdf-text.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

const messages = [
  { role: 'user' as const, content: 'How should we price the new enterprise tier?' },
  {
    role: 'assistant' as const,
    content: '# Recommendation\n\nAnchor on **value**, not cost:\n\n1. Interview ten customers\n2. Test three price points\n\n| Tier | Price |\n| --- | ---: |\n| Team | $49 |\n| Enterprise | $199 |',
  },
  { role: 'system' as const, content: 'Switched advisor from CFO to CMO.' },
  { role: 'user' as const, content: 'And how do we announce it?' },
  { role: 'assistant' as const, content: 'Lead with the outcomes customers already get, then the new price.' },
];

async function premiumConversation() {
  const signedUp = await t.signIn('vip');
  const session = await seedConversation(t.database.db, signedUp.user.id, {
    title: 'Enterprise pricing: Q3 plan',
    executiveRole: 'CFO',
    industry: 'Technology',
    userRole: 'CEO',
    updatedAt: new Date('2025-11-22T15:45:00Z'),
    messages,
  });
  return { ...signedUp, session };
}

describe('GET /api/chat-sessions/:id/export/markdown', () => {
  it('answers the conversation as Markdown: title, who and when, then every message under its speaker and time', async () => {
    const { cookie, session } = await premiumConversation();
    const response = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/markdown?tz=America/New_York`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=enterprise-pricing-q3-plan-2025-11-22.md');
    const markdown = response.body;
    expect(markdown.startsWith('# Enterprise pricing: Q3 plan\n')).toBe(true);
    expect(markdown).toContain('- **Your role:** CEO\n- **Executive:** CFO\n- **Industry:** Technology\n- **Date:** November 22, 2025');
    // Times in the reader's zone: the messages were written at 10:44 to 10:45 in New York.
    for (const part of [
      '## You — Nov 22, 2025, 10:44 AM',
      '## CFO — Nov 22, 2025, 10:44 AM',
      '## Note — ',
      '_Switched advisor from CFO to CMO._',
    ]) expect(markdown).toContain(part);
    // A reply's own headings sit below the speaker sections.
    expect(markdown).toContain('### Recommendation');
    expect(firstOutOfOrder(markdown, messages.map((m) => m.content.split('\n').at(-1)!))).toBeNull();
  });

  it('gives times in UTC when the zone is missing or unknown', async () => {
    const { cookie, session } = await premiumConversation();
    for (const query of ['', '?tz=Not/AZone']) {
      const markdown = (await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/markdown${query}`, cookie })).body;
      expect(markdown).toContain('## You — Nov 22, 2025, 3:44 PM');
      expect(markdown).toContain('(UTC)');
    }
  });
});

describe('GET /api/chat-sessions/:id/export/pdf', () => {
  it('answers an A4 PDF with real text: header, every message in order with speaker and time, page numbers', async () => {
    const { cookie, session } = await premiumConversation();
    const response = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/pdf?tz=Europe/London`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename=enterprise-pricing-q3-plan-2025-11-22.pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await readPdf(bytes);
    expect(pdf.title).toBe('Enterprise pricing: Q3 plan');
    expect(
      firstOutOfOrder(pdf.text, [
        'Enterprise pricing: Q3 plan',
        'YOUR ROLE',
        'CEO',
        'EXECUTIVE',
        'CFO',
        'INDUSTRY',
        'Technology',
        'November 22, 2025',
        'You',
        'Nov 22, 2025, 3:44 PM',
        'How should we price the new enterprise tier?',
        'CFO',
        'Recommendation',
        'Anchor on value, not cost:',
        'Interview ten customers',
        'Enterprise',
        '$199',
        'Note',
        'Switched advisor from CFO to CMO.',
        'And how do we announce it?',
        'Lead with the outcomes customers already get, then the new price.',
      ]),
    ).toBeNull();
    expect(pdf.pages[pdf.pageCount - 1]).toContain(`Page ${pdf.pageCount} of ${pdf.pageCount}`);
  });

  it('spreads a long conversation over numbered pages', async () => {
    const { user, cookie } = await premiumConversation();
    const long = Array.from({ length: 60 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content: `Message number ${i + 1}. ${'Strategy matters. '.repeat(12)}` }));
    const session = await seedConversation(t.database.db, user.id, { title: 'Long one', messages: long });
    const response = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/export/pdf`, cookie });
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBeGreaterThan(3);
    pdf.pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pdf.pageCount}`));
    expect(firstOutOfOrder(pdf.text, long.map((m) => m.content.split('.')[0]!))).toBeNull();
  });
});

describe('who may export', () => {
  it('refuses standard accounts (403), and answers 404 for conversations that are not the caller’s', async () => {
    const { session } = await premiumConversation();
    const standard = await t.signIn();
    const own = await seedConversation(t.database.db, standard.user.id, { title: 'Mine', messages });
    for (const format of ['markdown', 'pdf']) {
      const refused = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${own.id}/export/${format}`, cookie: standard.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden:premium');
    }
    const other = await t.signIn('vip');
    for (const format of ['markdown', 'pdf']) {
      for (const id of [session.id, crypto.randomUUID()]) {
        const response = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${id}/export/${format}`, cookie: other.cookie });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('not_found:chat_session');
      }
      const signedOut = await t.app.inject({ method: 'GET', url: `/api/chat-sessions/${session.id}/export/${format}` });
      expect(signedOut.statusCode).toBe(401);
    }
  });
});
