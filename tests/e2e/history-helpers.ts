import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { historyText } from '../../src/contract/history.ts';

/** Premium for API calls made from the test (the page sends it itself once localStorage.testPremium is 'true'). */
export const premiumHeaders = { 'x-test-premium': 'true' };

/** The e2e server honours the testPremium flag (ALLOW_TEST_PREMIUM is on with the demo provider). */
export async function usePremium(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('testPremium', 'true'));
}

export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  status: string;
}

type Requester = Page | APIRequestContext;
const requestOf = (from: Requester): APIRequestContext => ('request' in from ? from.request : from);

export async function messagesOf(from: Requester, sessionId: string): Promise<StoredMessage[]> {
  const response = await requestOf(from).get(`/api/chat-sessions/${sessionId}/messages?limit=100`, { headers: premiumHeaders });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { messages: StoredMessage[] }).messages;
}

/** Waits until every reply of the conversation has finished, and answers its messages (oldest first). */
export async function waitForReplies(from: Requester, sessionId: string): Promise<StoredMessage[]> {
  let messages: StoredMessage[] = [];
  await expect
    .poll(
      async () => {
        messages = await messagesOf(from, sessionId);
        return messages.filter((m) => m.role === 'assistant').every((m) => m.status !== 'streaming');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return messages;
}

/**
 * A conversation made the way the chat screen makes one (signed in as the page's user): a session,
 * then questions the demo advisor answers. Premium through the test header, so any advisor works.
 */
export async function seedConversation(
  from: Requester,
  options: { title: string; message?: string; messages?: string[]; executiveRole?: string; industry?: string },
): Promise<{ id: string }> {
  const request = requestOf(from);
  const created = await request.post('/api/chat-sessions', {
    data: { title: options.title, executiveRole: options.executiveRole ?? 'CFO', industry: options.industry ?? 'Finance' },
    headers: premiumHeaders,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const content of options.messages ?? (options.message ? [options.message] : [])) {
    const sent = await request.post(`/api/chat-sessions/${id}/messages`, { data: { content }, headers: premiumHeaders });
    expect(sent.status(), await sent.text()).toBe(201);
    // One at a time, as a person would: the next question follows a finished reply.
    await waitForReplies(request, id);
  }
  return { id };
}

/**
 * The same, answering the id once the server has named the conversation: the reply runner titles
 * it after the first answer (the demo advisor makes a short phrase of the first question, so a short
 * question such as 'Quarterly pricing review?' becomes the title 'Quarterly pricing review').
 */
export async function createConversation(
  from: Requester,
  options: { questions: string[]; executiveRole?: string; industry?: string; title?: string },
): Promise<string> {
  const initial = options.title ?? `Chat about ${options.questions[0]}`;
  const { id } = await seedConversation(from, { title: initial, messages: options.questions, executiveRole: options.executiveRole, industry: options.industry });
  await expect
    .poll(async () => {
      const response = await requestOf(from).get(`/api/chat-sessions/${id}`, { headers: premiumHeaders });
      return ((await response.json()) as { title: string }).title;
    })
    .not.toBe(initial);
  return id;
}

/** The history page's parts, found by role and label as a user finds them. */
export function historyPage(page: Page) {
  const list = page.getByTestId('history-list');
  const cards = list.getByTestId('history-card');
  return {
    heading: page.getByRole('heading', { name: historyText.title, level: 1 }),
    list,
    cards,
    card: (title: string) => cards.filter({ has: page.getByRole('link', { name: title, exact: true }) }),
    group: (label: string) => list.getByRole('region', { name: label, exact: true }),
    search: page.getByRole('searchbox', { name: 'Search conversations' }),
  };
}
