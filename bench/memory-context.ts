/**
 * Company memory in front of the first token (issue 33, point 9): two Premium accounts on one app
 * (PGlite, its own process), sent to in turn: one with a full company profile and 500 saved facts,
 * memory on; one with the same profile and facts and memory paused (the prompt gets none of it).
 * Target: assembling the profile and facts adds at most 2 ms to the server-added first-token p99.
 * Run alone with `npx tsx bench/memory-context.ts`.
 */
import { pathToFileURL } from 'node:url';
import { api, percentile, type BenchClient } from './http-client.ts';
import { startServer } from './lib.ts';
import { benchReply, FakeProvider, interleavedFirstToken, ms, openApp, premiumClient } from './chat-kit.ts';

const FACTS = 500;
const ALLOWANCE_MS = 2;

const profile = {
  name: 'Northwind Robotics',
  industry: 'Technology',
  stage: 'Series A',
  headcount: 84,
  revenue: 6_200_000,
  revenueKind: 'arr',
  grossMarginPercent: 71,
  cash: 9_400_000,
  monthlyNetBurn: 640_000,
  fiscalYearEnd: 'December',
  markets: 'US and UK mid-market manufacturers',
  goals: 'Reach $10M ARR, cut burn to $450k a month, hire a CRO',
  constraints: 'No new round before Q4; the board wants 18 months of runway',
  leadership: [
    { role: 'CEO', name: 'Ada Park' },
    { role: 'CFO', name: 'Sam Ortiz' },
  ],
  notes: 'Two largest customers are 31% of ARR.',
};

/** A profile and FACTS saved facts on the account (memory on unless `paused`). */
async function remember(client: BenchClient, paused: boolean): Promise<void> {
  const saved = await api(client, 'PATCH', '/api/memory/profile', profile);
  if (saved.status !== 200) throw new Error(`profile: ${saved.status} ${JSON.stringify(saved.json)}`);
  const topics = ['pricing', 'hiring', 'churn', 'runway', 'board', 'sales', 'product', 'cash', 'margin', 'customers'];
  for (let i = 0; i < FACTS; i++) {
    const topic = topics[i % topics.length]!;
    const fact = await api(client, 'POST', '/api/memory/facts', { text: `Fact ${i} about ${topic}: we decided the ${topic} plan for quarter ${(i % 4) + 1} with a budget of $${(i + 1) * 1000}.` });
    if (fact.status !== 201) throw new Error(`fact ${i}: ${fact.status} ${JSON.stringify(fact.json)}`);
  }
  if (paused) {
    const settings = await api(client, 'PATCH', '/api/memory/settings', { paused: true });
    if (settings.status !== 200) throw new Error(`pause: ${settings.status} ${JSON.stringify(settings.json)}`);
  }
}

export async function runMemoryContextBench(): Promise<boolean> {
  console.log(`\nCompany memory in the prompt: a profile and ${FACTS} facts, memory on vs paused, two accounts on one app (PGlite), sends interleaved`);
  const fake = new FakeProvider(await startServer('bench/servers/fake-openai-server.ts'));
  const { app, client: withMemory, close } = await openApp(fake);
  try {
    const paused = await premiumClient(app.url);
    await Promise.all([remember(withMemory, false), remember(paused, true)]);
    await fake.configure({ defaultReply: benchReply, titleReply: 'Bench Conversation' });
    const { a, b } = await interleavedFirstToken(withMemory, paused, fake);
    const [on, off] = [percentile(a.added, 99), percentile(b.added, 99)];
    const ok = on - off <= ALLOWANCE_MS;
    console.log(`      added by the server, memory on      p50 ${ms(percentile(a.added, 50))}   p99 ${ms(on)}`);
    console.log(`      added by the server, memory paused  p50 ${ms(percentile(b.added, 50))}   p99 ${ms(off)}`);
    console.log(`      difference in p99 ${ms(on - off)} (target <= ${ALLOWANCE_MS} ms) ${ok ? 'PASS' : 'FAIL'}`);
    return ok;
  } finally {
    await close();
    await fake.server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit((await runMemoryContextBench()) ? 0 : 1);
}
