import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSearchServer, type FakeSearchServer } from '#tests/fakes/search-server.ts';
import { fetchPublicPage } from './public-page.ts';
import { createSearchProvider } from './search-providers.ts';
import { webSearchTools } from './web-search-tools.ts';

let fake: FakeSearchServer;
beforeAll(async () => {
  fake = await startFakeSearchServer();
  fake.results = [
    { title: 'EV charging market <b>2026</b>', url: 'https://www.example-news.com/ev-2026', snippet: 'The market grew 31% in 2025.', date: '2026-01-15T09:00:00' },
    { title: 'Regulator sets tariff', url: 'https://regulator.example.org/tariff', snippet: 'New tariff from July.' },
    { title: 'Not a web page', url: 'javascript:alert(1)', snippet: 'x' },
  ];
});
afterAll(() => fake.close());

const context = { toolCallId: 'c1', messages: [], abortSignal: undefined } as never;

describe('search providers on their real JSON APIs', () => {
  it.each(['searxng', 'brave'] as const)('%s: numbered results with title, site, date and snippet; no HTML, no non-web URLs', async (provider) => {
    const search = createSearchProvider(provider === 'searxng' ? { provider, url: fake.url } : { provider, url: fake.url, apiKey: fake.braveKey });
    const results = await search.search('EV charging market size 2026', {});
    expect(results).toEqual([
      { n: 1, title: 'EV charging market 2026', site: 'example-news.com', url: 'https://www.example-news.com/ev-2026', date: '2026-01-15', snippet: 'The market grew 31% in 2025.' },
      { n: 2, title: 'Regulator sets tariff', site: 'regulator.example.org', url: 'https://regulator.example.org/tariff', date: null, snippet: 'New tariff from July.' },
    ]);
    const asked = fake.requests.at(-1)!;
    expect(asked.query.get('q')).toBe('EV charging market size 2026');
    if (provider === 'searxng') expect(asked.query.get('format')).toBe('json');
    else expect(asked.headers['x-subscription-token']).toBe(fake.braveKey);
  });

  it('says what is wrong with a refused key or an unreachable service', async () => {
    await expect(createSearchProvider({ provider: 'brave', url: fake.url, apiKey: 'wrong' }).search('x y', {})).rejects.toThrow('the search service answered HTTP 401');
    await expect(createSearchProvider({ provider: 'searxng', url: 'http://127.0.0.1:1' }).search('x y', {})).rejects.toThrow(/could not be reached/);
  });
});

describe('reading a result page, never a private address', () => {
  beforeAll(() => {
    fake.pages.set('report', { body: '<html><head><style>p{}</style><script>evil()</script></head><body><nav>Menu</nav><h1>EV report</h1><p>Sales grew <b>31%</b>.</p></body></html>' });
    fake.pages.set('to-metadata', { redirect: 'http://169.254.169.254/latest/meta-data/' });
    fake.pages.set('to-loopback', { redirect: `http://127.0.0.2:${new URL(fake.url).port}/pages/report` });
    fake.pages.set('huge', { bytes: 3 * 1024 * 1024 });
    fake.pages.set('binary', { type: 'application/pdf', body: '%PDF-1.7' });
  });
  const allow = ['127.0.0.1'];

  it('reads the text of a page the operator allows, without scripts, styles or navigation', async () => {
    await expect(fetchPublicPage(`${fake.url}/pages/report`, { allowAddresses: allow })).resolves.toEqual({ url: `${fake.url}/pages/report`, text: expect.stringMatching(/^EV REPORT\n\nSales grew 31%\.$/) });
  });

  it('refuses loopback, private and metadata addresses, also behind a redirect', async () => {
    await expect(fetchPublicPage(`${fake.url}/pages/report`)).rejects.toThrow('the address is not a public one');
    await expect(fetchPublicPage('http://10.0.0.1/')).rejects.toThrow('the address is not a public one');
    await expect(fetchPublicPage(`${fake.url}/pages/to-metadata`, { allowAddresses: allow })).rejects.toThrow('the address is not a public one');
    await expect(fetchPublicPage(`${fake.url}/pages/to-loopback`, { allowAddresses: allow })).rejects.toThrow('the address is not a public one');
  });

  it('refuses other schemes, credentials, pages too large and what is not text', async () => {
    await expect(fetchPublicPage('file:///etc/passwd')).rejects.toThrow('only http and https pages can be read, not file:');
    await expect(fetchPublicPage('http://user:pw@example.com/')).rejects.toThrow('URLs with credentials are not read');
    await expect(fetchPublicPage(`${fake.url}/pages/huge`, { allowAddresses: allow })).rejects.toThrow('the page is larger than 2048 kB');
    await expect(fetchPublicPage(`${fake.url}/pages/binary`, { allowAddresses: allow })).rejects.toThrow('the page is application/pdf, not text');
  });
});

describe('the web tools of one reply', () => {
  it('number results across searches, read only a page a search returned, and stop at their limits', async () => {
    fake.results = [{ title: 'Report', url: `${fake.url}/pages/report`, snippet: 'EV' }];
    const tools = webSearchTools(createSearchProvider({ provider: 'searxng', url: fake.url }), { allowAddresses: ['127.0.0.1'] });
    const search = (query: string) => tools.web_search!.execute!({ query }, context);
    const read = (url: string) => tools.read_web_page!.execute!({ url }, context);
    await expect(search('first query')).resolves.toMatchObject({ results: [{ n: 1 }] });
    await expect(read('https://elsewhere.example.com/')).rejects.toThrow('only a URL that web_search returned in this answer can be read');
    await expect(read(`${fake.url}/pages/report`)).resolves.toMatchObject({ n: 1, title: 'Report', text: expect.stringContaining('Sales grew 31%') });
    fake.results = [{ title: 'Other', url: 'https://other.example.com/a', snippet: 'x' }];
    await expect(search('second query')).resolves.toMatchObject({ results: [{ n: 2, title: 'Other' }] });
    await search('third query');
    await expect(search('fourth query')).rejects.toThrow('at most 3 searches per answer');
  });
});
