import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatValidation } from '#contract/chat.ts';
import { users } from '#server/db/schema.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

describe('PUT /api/users/:id (saved defaults)', () => {
  it('saves defaults for Premium only, from the lists, and uses the saved role for new sessions', async () => {
    const free = await t.signIn();
    const refused = await inject(t.app, { method: 'PUT', url: `/api/users/${free.user.id}`, cookie: free.cookie, payload: { defaultIndustry: 'Energy' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden:premium');

    const { user, cookie } = await t.signIn('subscriber');
    const saved = await inject(t.app, {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      cookie,
      payload: { defaultUserRole: 'VP Sales', defaultExecutiveRole: 'CMO', defaultIndustry: 'Retail' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ defaultUserRole: 'VP Sales', defaultExecutiveRole: 'CMO', defaultIndustry: 'Retail' });
    const partial = await inject(t.app, { method: 'PUT', url: `/api/users/${user.id}`, cookie, payload: { defaultIndustry: null } });
    expect(partial.json()).toEqual({ defaultUserRole: 'VP Sales', defaultExecutiveRole: 'CMO', defaultIndustry: null });
    const me = await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie });
    expect(me.json()).toMatchObject({ defaultUserRole: 'VP Sales', defaultExecutiveRole: 'CMO' });
    const session = await createChatSession(t.app, cookie, { executiveRole: 'CMO', industry: 'Retail' });
    expect(session.userRole).toBe('VP Sales');

    const bad = await inject(t.app, { method: 'PUT', url: `/api/users/${user.id}`, cookie, payload: { defaultExecutiveRole: 'Pirate' } });
    expect(bad.json()).toEqual({ error: `defaultExecutiveRole: ${chatValidation.executiveRoleInvalid}`, code: 'bad_request:validation' });
    const empty = await inject(t.app, { method: 'PUT', url: `/api/users/${user.id}`, cookie, payload: {} });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/chat/usage', () => {
  it('reports the free allowance and what is used today, unlimited (-1) for Premium', async () => {
    const { user, cookie } = await t.signIn();
    const before = (await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json();
    expect(before).toMatchObject({ isPremium: false, interactionsUsed: 0, interactionsLimit: 5, attachmentsUsed: 0, attachmentsLimit: 1 });
    const resetsAt = new Date(before.resetsAt);
    expect(resetsAt.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(resetsAt.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    const session = await createChatSession(t.app, cookie);
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'count me');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect((await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json().interactionsUsed).toBe(1);
    // Yesterday's counters do not count today.
    await t.database.db.update(users).set({ lastInteractionDate: '2000-01-01', dailyAttachmentsUsed: 1 }).where(eq(users.id, user.id));
    expect((await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json()).toMatchObject({ interactionsUsed: 0, attachmentsUsed: 0 });

    const premium = await t.signIn('subscriber');
    expect((await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie: premium.cookie })).json()).toMatchObject({
      isPremium: true,
      interactionsLimit: -1,
      attachmentsLimit: -1,
    });
  });
});
