import { webSearchLimits, type WebResult } from '#contract/web-search.ts';
import { withoutInvalidCodePoints } from '#contract/text.ts';

/**
 * Where `web_search` asks (decision 071): SearXNG's JSON API, which self-hosters run beside the
 * app, or the Brave Search API, a hosted index with its own key. Both answer the same shape; the
 * operator's endpoint is configuration (it may well be on a private network, unlike the pages the
 * results point to, which are read through public-page.ts).
 */
export interface SearchProvider {
  readonly name: 'searxng' | 'brave';
  search(query: string, options: { signal?: AbortSignal }): Promise<WebResult[]>;
}

export type SearchSettings =
  | { provider: 'searxng'; url: string }
  | { provider: 'brave'; apiKey: string; url: string };

export class SearchError extends Error {}

const TIMEOUT_MS = 8000;

const clean = (value: unknown, max: number) =>
  withoutInvalidCodePoints(String(value ?? ''))
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** A date the engine gave, as an ISO day, or null when it gave none a reader could trust. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

async function getJson(url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'error' });
  } catch (err) {
    throw new SearchError(`the search service could not be reached (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!response.ok) throw new SearchError(`the search service answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new SearchError('the search service did not answer JSON (SearXNG needs "json" in search.formats of its settings.yml)');
  }
}

function toResults(items: Array<{ title: unknown; url: unknown; snippet: unknown; date: unknown }>): WebResult[] {
  return items
    .filter((item) => typeof item.url === 'string' && /^https?:\/\//.test(item.url))
    .slice(0, webSearchLimits.resultsPerSearch)
    .map((item, index) => ({ n: index + 1, title: clean(item.title, 200) || siteOf(String(item.url)), site: siteOf(String(item.url)), url: String(item.url), date: dayOf(item.date), snippet: clean(item.snippet, 500) }));
}

function searxng(baseUrl: string): SearchProvider {
  return {
    name: 'searxng',
    async search(query, { signal }) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.search = new URLSearchParams({ q: query, format: 'json', safesearch: '1' }).toString();
      const body = (await getJson(url, {}, signal)) as { results?: Array<Record<string, unknown>> };
      return toResults((body.results ?? []).map((r) => ({ title: r.title, url: r.url, snippet: r.content, date: r.publishedDate })));
    },
  };
}

function brave(apiKey: string, baseUrl: string): SearchProvider {
  return {
    name: 'brave',
    async search(query, { signal }) {
      const url = new URL('res/v1/web/search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.search = new URLSearchParams({ q: query, count: String(webSearchLimits.resultsPerSearch), safesearch: 'moderate' }).toString();
      const body = (await getJson(url, { 'x-subscription-token': apiKey }, signal)) as { web?: { results?: Array<Record<string, unknown>> } };
      return toResults((body.web?.results ?? []).map((r) => ({ title: r.title, url: r.url, snippet: r.description, date: r.page_age ?? r.age })));
    },
  };
}

export function createSearchProvider(settings: SearchSettings): SearchProvider {
  return settings.provider === 'searxng' ? searxng(settings.url) : brave(settings.apiKey, settings.url);
}
