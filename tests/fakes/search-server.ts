import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One result as the fake search engines return it. */
export interface FakeSearchResult {
  title: string;
  url: string;
  snippet: string;
  date?: string;
}

export interface FakeSearchServer {
  /** Base URL for SEARXNG_URL (the SearXNG JSON API: GET /search?q=&format=json) and for the Brave API (GET /res/v1/web/search). */
  url: string;
  /** The Brave key the fake accepts (X-Subscription-Token). */
  braveKey: string;
  /** What searches answer (every query gets them). */
  results: FakeSearchResult[];
  /** Pages served at /pages/<name> (text/html unless `type` says otherwise); `redirect` answers 302 to it. */
  pages: Map<string, { body?: string; type?: string; redirect?: string; bytes?: number }>;
  /** Every request received: what was asked and with which headers. */
  requests: Array<{ path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

/**
 * A local server speaking SearXNG's JSON API and the Brave Search API's web endpoint as they
 * answer (field names and nesting as documented), and serving result pages, so the web_search tool
 * is tested on the real wire format without leaving 127.0.0.1.
 */
export async function startFakeSearchServer(): Promise<FakeSearchServer> {
  const state: Omit<FakeSearchServer, 'url' | 'close'> = { braveKey: 'brave-test-key', results: [], pages: new Map(), requests: [] };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/search') {
      if (url.searchParams.get('format') !== 'json') return json(403, { error: 'format not allowed' });
      return json(200, {
        query: url.searchParams.get('q'),
        number_of_results: state.results.length,
        results: state.results.map((r) => ({ url: r.url, title: r.title, content: r.snippet, engine: 'duckduckgo', engines: ['duckduckgo'], score: 1, category: 'general', ...(r.date ? { publishedDate: r.date } : {}) })),
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      });
    }
    if (url.pathname === '/res/v1/web/search') {
      if (req.headers['x-subscription-token'] !== state.braveKey) return json(401, { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401 } });
      return json(200, {
        type: 'search',
        query: { original: url.searchParams.get('q') },
        web: {
          type: 'search',
          results: state.results.map((r) => ({ type: 'search_result', title: r.title, url: r.url, description: r.snippet, meta_url: { hostname: new URL(r.url).hostname }, ...(r.date ? { page_age: r.date } : {}) })),
        },
      });
    }
    const page = url.pathname.startsWith('/pages/') ? state.pages.get(url.pathname.slice('/pages/'.length)) : undefined;
    if (!page) return json(404, { error: 'not found' });
    if (page.redirect) {
      res.writeHead(302, { location: page.redirect });
      return res.end();
    }
    res.writeHead(200, { 'content-type': page.type ?? 'text/html; charset=utf-8' });
    res.end(page.bytes ? Buffer.alloc(page.bytes, 'a') : page.body);
  });
  // As the fake model server: idle connections outlive a busy event loop (tests/fakes/openai-server.ts).
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
