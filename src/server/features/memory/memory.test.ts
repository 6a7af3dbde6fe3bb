import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from '#contract/errors.ts';
import { formatMemoryDate, memoryLimits, memoryValidation, type FactDto, type MemoryResponse } from '#contract/memory.ts';
import { users } from '#server/db/schema.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

/** Company memory (issue 33; decisions 073 and 074): every route on the demo advisor, with ownership and the plan's bounds. */
const t = useTestApp();
const today = () => new Date().toISOString().slice(0, 10);

const patchProfile = (cookie: string, payload: Record<string, unknown>) => inject(t.app, { method: 'PATCH', url: '/api/memory/profile', cookie, payload });
const addFact = (cookie: string, payload: Record<string, unknown>) => inject(t.app, { method: 'POST', url: '/api/memory/facts', cookie, payload });
const memoryOf = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/memory', cookie })).json() as MemoryResponse;

describe('the company profile', () => {
  it('starts empty, saves the fields given, dates each change, computes runway, and makes the industry the default', async () => {
    const { user, cookie } = await t.signIn('vip');
    expect((await inject(t.app, { method: 'GET', url: '/api/memory' })).statusCode).toBe(401);
    expect(await memoryOf(cookie)).toMatchObject({ profile: {}, fieldDates: {}, runwayMonths: null, paused: false, facts: [], factsAllowed: true, staleMonths: 12, updatedAt: null });

    const saved = await patchProfile(cookie, { name: '  Acme Robotics ', industry: 'Manufacturing', stage: 'Series A', cash: 2_400_000, monthlyNetBurn: 200_000, leadership: [{ role: 'CFO', name: 'Dana' }], goals: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as MemoryResponse;
    expect(body.profile).toEqual({ name: 'Acme Robotics', industry: 'Manufacturing', stage: 'Series A', cash: 2_400_000, monthlyNetBurn: 200_000, leadership: [{ role: 'CFO', name: 'Dana' }] });
    expect(body.runwayMonths).toBe(12);
    expect(Object.keys(body.fieldDates).sort()).toEqual(['cash', 'industry', 'leadership', 'monthlyNetBurn', 'name', 'stage']);
    const [row] = await t.database.db.select({ defaultIndustry: users.defaultIndustry }).from(users).where(eq(users.id, user.id));
    expect(row!.defaultIndustry).toBe('Manufacturing');

    // A change dates only the field that changed; null clears a field and its date.
    const nameDate = body.fieldDates.name;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = (await patchProfile(cookie, { name: 'Acme Robotics', cash: 3_000_000, stage: null })).json() as MemoryResponse;
    expect(changed.fieldDates.name).toBe(nameDate);
    expect(changed.fieldDates.cash! > nameDate!).toBe(true);
    expect(changed.profile.stage).toBeUndefined();
    expect(changed.fieldDates.stage).toBeUndefined();
    expect(changed.runwayMonths).toBe(15);
  });

  it('refuses bad input with the contract’s messages, and unknown or oversized fields', async () => {
    const { cookie } = await t.signIn();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ industry: 'Mining' }, memoryValidation.industryInvalid],
      [{ cash: -5 }, memoryValidation.numberNegative],
      [{ cash: '1.2M' }, memoryValidation.numberInvalid],
      [{ headcount: 2.5 }, memoryValidation.headcountInvalid],
      [{ grossMarginPercent: 140 }, memoryValidation.percentInvalid],
      [{ name: 'x'.repeat(memoryLimits.shortText + 1) }, memoryValidation.textTooLong(memoryLimits.shortText)],
      [{ leadership: Array.from({ length: memoryLimits.leaders + 1 }, () => ({ role: 'VP' })) }, memoryValidation.tooManyLeaders],
      [{}, memoryValidation.nothingToChange],
    ];
    for (const [payload, message] of cases) {
      const response = await patchProfile(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error, JSON.stringify(payload)).toContain(message);
    }
    expect((await patchProfile(cookie, { runway: 14 })).statusCode).toBe(400);
  });
});

describe('facts', () => {
  it('are Premium: a Free account keeps the profile and is refused facts with the upgrade message', async () => {
    const { user, cookie } = await t.signIn();
    const profile = await patchProfile(cookie, { name: 'Free Co', industry: 'Energy' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ profile: { name: 'Free Co', industry: 'Energy' }, factsAllowed: false });
    // Default settings are Premium (decision 074): the profile's industry is for the prompts only.
    const [row] = await t.database.db.select({ defaultIndustry: users.defaultIndustry }).from(users).where(eq(users.id, user.id));
    expect(row!.defaultIndustry).toBeNull();
    const refused = await addFact(cookie, { text: 'We hired a CRO.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: errorCatalog['forbidden:memory_facts'].message, code: 'forbidden:memory_facts' });
  });

  it('are added, edited, dated, deleted, and another account’s fact is not found', async () => {
    const { cookie } = await t.signIn('vip');
    const other = await t.signIn('vip');
    const created = await addFact(cookie, { text: '  We hired a CRO.  ' });
    expect(created.statusCode, created.body).toBe(201);
    const fact = created.json() as FactDto;
    expect(fact).toMatchObject({ text: 'We hired a CRO.', status: 'saved', source: 'manual', sessionId: null, statedOn: today(), needsReview: false });

    for (const call of [
      { method: 'PATCH' as const, url: `/api/memory/facts/${fact.id}`, payload: { text: 'Mine now.' } },
      { method: 'DELETE' as const, url: `/api/memory/facts/${fact.id}` },
    ]) {
      const response = await inject(t.app, { ...call, cookie: other.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found:fact');
    }

    const old = await inject(t.app, { method: 'PATCH', url: `/api/memory/facts/${fact.id}`, cookie, payload: { statedOn: '2020-01-15' } });
    expect(old.json()).toMatchObject({ statedOn: '2020-01-15', needsReview: true });
    // Editing the text confirms it: dated today.
    const edited = await inject(t.app, { method: 'PATCH', url: `/api/memory/facts/${fact.id}`, cookie, payload: { text: 'We hired a CRO, Sam.' } });
    expect(edited.json()).toMatchObject({ text: 'We hired a CRO, Sam.', statedOn: today(), needsReview: false });
    expect((await inject(t.app, { method: 'PATCH', url: `/api/memory/facts/${fact.id}`, cookie, payload: {} })).json().error).toContain(memoryValidation.nothingToChange);
    expect((await addFact(cookie, { text: 'x'.repeat(memoryLimits.factText + 1) })).json().error).toContain(memoryValidation.factTooLong);
    expect((await addFact(cookie, { text: '   ' })).json().error).toContain(memoryValidation.factRequired);

    expect((await memoryOf(cookie)).facts.map((f) => f.text)).toEqual(['We hired a CRO, Sam.']);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/memory/facts/${fact.id}`, cookie })).json()).toEqual({ deletedId: fact.id });
    expect((await memoryOf(cookie)).facts).toEqual([]);
  });
});

describe('"Remember this?" after a reply', () => {
  it('proposes the facts the user stated (not questions or preferences), in the background; save keeps the source conversation, dismiss removes it', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Technology' } });
    const sent = await ask(t.app, cookie, session.id, 'We closed the Series A at $12M last month. We hired a CRO. Please keep answers short. Should we double the sales team?');
    await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
    await t.app.replies.whenIdle();
    const proposals = await waitFor(async () => {
      const { proposals } = (await inject(t.app, { method: 'GET', url: `/api/memory/proposals?sessionId=${session.id}`, cookie })).json() as { proposals: FactDto[] };
      return proposals.length > 0 ? proposals : undefined;
    }, 'the proposals');
    expect(proposals.map((p) => p.text).sort()).toEqual(['We closed the Series A at $12M last month.', 'We hired a CRO.']);
    expect(proposals.every((p) => p.status === 'proposed' && p.messageId === sent.assistantMessage.id && p.sessionId === session.id)).toBe(true);
    // Proposals are not facts yet: nothing on the page, nothing in a prompt.
    expect((await memoryOf(cookie)).facts).toEqual([]);

    // Another account sees none of them and cannot save one.
    const other = await t.signIn('vip');
    expect((await inject(t.app, { method: 'GET', url: `/api/memory/proposals?sessionId=${session.id}`, cookie: other.cookie })).json()).toEqual({ proposals: [] });
    const series = proposals.find((p) => p.text.startsWith('We closed'))!;
    const cro = proposals.find((p) => p.text.startsWith('We hired'))!;
    expect((await inject(t.app, { method: 'PATCH', url: `/api/memory/facts/${series.id}`, cookie: other.cookie, payload: { status: 'saved' } })).statusCode).toBe(404);

    const saved = await inject(t.app, { method: 'PATCH', url: `/api/memory/facts/${series.id}`, cookie, payload: { status: 'saved', text: 'We closed the Series A at $12M.' } });
    expect(saved.json()).toMatchObject({ status: 'saved', source: 'conversation', sessionId: session.id, text: 'We closed the Series A at $12M.', statedOn: today() });
    expect((await inject(t.app, { method: 'DELETE', url: `/api/memory/facts/${cro.id}`, cookie })).statusCode).toBe(200);
    expect((await memoryOf(cookie)).facts.map((f) => [f.text, f.sessionTitle !== undefined])).toEqual([['We closed the Series A at $12M.', true]]);

    // The same fact stated again is not proposed twice.
    const again = await ask(t.app, cookie, session.id, 'We closed the Series A at $12M. What next?');
    await waitForMessage(t.app, cookie, session.id, again.assistantMessage.id);
    await t.app.replies.whenIdle();
    expect((await inject(t.app, { method: 'GET', url: `/api/memory/proposals?sessionId=${session.id}`, cookie })).json()).toEqual({ proposals: [] });
  });

  it('proposes nothing to a Free account or while memory is paused', async () => {
    const free = await t.conversation({ session: { executiveRole: 'CFO', industry: 'Technology' } });
    const sent = await ask(t.app, free.cookie, free.session.id, 'We hired a CRO. What now?');
    await waitForMessage(t.app, free.cookie, free.session.id, sent.assistantMessage.id);
    await t.app.replies.whenIdle();
    expect((await inject(t.app, { method: 'GET', url: `/api/memory/proposals?sessionId=${free.session.id}`, cookie: free.cookie })).json()).toEqual({ proposals: [] });

    const paused = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Technology' } });
    expect((await inject(t.app, { method: 'PATCH', url: '/api/memory/settings', cookie: paused.cookie, payload: { paused: true } })).json()).toMatchObject({ paused: true });
    const asked = await ask(t.app, paused.cookie, paused.session.id, 'We hired a CRO. What now?');
    await waitForMessage(t.app, paused.cookie, paused.session.id, asked.assistantMessage.id);
    await t.app.replies.whenIdle();
    expect((await inject(t.app, { method: 'GET', url: `/api/memory/proposals?sessionId=${paused.session.id}`, cookie: paused.cookie })).json()).toEqual({ proposals: [] });
  });
});

describe('the demo advisor uses the memory, with dates', () => {
  it('names the runway and a saved fact in its reply, in a conversation with any advisor; nothing once paused or deleted', async () => {
    const { cookie } = await t.signIn('vip');
    await patchProfile(cookie, { cash: 2_800_000, monthlyNetBurn: 200_000 });
    const fact = (await addFact(cookie, { text: 'We closed the Series A at $12M.' })).json() as FactDto;
    const day = formatMemoryDate(today());
    const replyTo = async (executiveRole: string) => {
      const session = (await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: { executiveRole, industry: 'Technology' } })).json();
      const sent = await ask(t.app, cookie, session.id, 'Should we hire ten engineers?');
      return (await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id)).content;
    };
    const cfo = await replyTo('CFO');
    expect(cfo).toContain(`**From your company profile:** With your 14 months of runway (as of ${day})`);
    expect(cfo).toContain(`- You told me: "We closed the Series A at $12M." (${day}).`);
    expect(await replyTo('CTO')).toContain('We closed the Series A at $12M.');

    await inject(t.app, { method: 'DELETE', url: `/api/memory/facts/${fact.id}`, cookie });
    expect(await replyTo('CMO')).not.toContain('Series A');
    await inject(t.app, { method: 'PATCH', url: '/api/memory/settings', cookie, payload: { paused: true } });
    expect(await replyTo('CEO')).not.toContain('From your company profile');
  });
});

describe('export', () => {
  it('gives the page as Markdown and JSON, the caller’s own', async () => {
    const { cookie } = await t.signIn('vip');
    await patchProfile(cookie, { name: 'Acme', cash: 1_200_000, monthlyNetBurn: 100_000 });
    await addFact(cookie, { text: 'We hired a CRO.' });
    const markdown = await inject(t.app, { method: 'GET', url: '/api/memory/export?format=markdown', cookie });
    expect(markdown.statusCode).toBe(200);
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers['content-disposition']).toBe(`attachment; filename=company-memory-${today()}.md`);
    const day = formatMemoryDate(new Date().toISOString());
    expect(markdown.body).toContain(`- **Company name:** Acme (${day})`);
    expect(markdown.body).toContain('- **Cash in the bank (USD):** $1.2M');
    expect(markdown.body).toContain('- **Runway (computed):** 12 months');
    expect(markdown.body).toContain(`- We hired a CRO. (stated ${formatMemoryDate(today())}; Added by you)`);
    const json = await inject(t.app, { method: 'GET', url: '/api/memory/export?format=json', cookie });
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json.body)).toMatchObject({ paused: false, profile: { name: 'Acme', cash: 1_200_000 }, runwayMonths: 12, facts: [{ text: 'We hired a CRO.', source: 'manual', statedOn: today(), needsReview: false }] });
    expect((await inject(t.app, { method: 'GET', url: '/api/memory/export?format=pdf', cookie })).json().error).toContain(memoryValidation.formatInvalid);
    // Someone else's export is their own (empty) memory.
    const other = await t.signIn();
    expect(JSON.parse((await inject(t.app, { method: 'GET', url: '/api/memory/export?format=json', cookie: other.cookie })).body)).toMatchObject({ profile: {}, facts: [] });
  });
});
