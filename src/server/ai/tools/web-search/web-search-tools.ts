import { tool, zodSchema, type ToolSet } from 'ai';
import { readWebPageInputSchema, webSearchInputSchema, webSearchLimits, type WebResult } from '#contract/web-search.ts';
import { fetchPublicPage } from './public-page.ts';
import type { SearchProvider } from './search-providers.ts';

// Wrapped once: their JSON Schema is computed once per process, not on every step (see calculate-tool.ts).
const webSearchToolInput = zodSchema(webSearchInputSchema);
const readWebPageToolInput = zodSchema(readWebPageInputSchema);

export interface WebSearchToolOptions {
  /** Addresses an operator allows although private (WEB_FETCH_ALLOW_ADDRESSES). */
  allowAddresses?: readonly string[];
}

/**
 * `web_search` and `read_web_page` for one reply (decision 071). The results are numbered across the
 * reply so the answer cites them as [web N]; a page is read only when a search of this same reply
 * returned it (the server fetches nothing the user's question did not cause), at most
 * `pagesPerReply` of them, through the private-address guard of public-page.ts.
 */
export function webSearchTools(provider: SearchProvider, options: WebSearchToolOptions = {}): ToolSet {
  const found = new Map<string, WebResult>();
  let searches = 0;
  let pages = 0;
  return {
    web_search: tool({
      description: `Search the web for recent facts the user's question depends on (market figures, regulations, news). Returns up to ${webSearchLimits.resultsPerSearch} results with title, site, date and snippet; cite each one you use as [web N]. At most ${webSearchLimits.searchesPerReply} searches per answer.`,
      inputSchema: webSearchToolInput,
      execute: async ({ query }, { abortSignal }) => {
        if (searches >= webSearchLimits.searchesPerReply) throw new Error(`at most ${webSearchLimits.searchesPerReply} searches per answer: answer from the results you have`);
        searches += 1;
        const results = (await provider.search(query, { signal: abortSignal })).map((result) => ({ ...result, n: found.size + result.n }));
        for (const result of results) found.set(result.url, result);
        return { query, results };
      },
    }),
    read_web_page: tool({
      description: `Read the text of one result page a web_search of this answer returned, when its snippet is not enough. At most ${webSearchLimits.pagesPerReply} pages per answer.`,
      inputSchema: readWebPageToolInput,
      execute: async ({ url }, { abortSignal }) => {
        const result = found.get(url);
        if (!result) throw new Error('only a URL that web_search returned in this answer can be read');
        if (pages >= webSearchLimits.pagesPerReply) throw new Error(`at most ${webSearchLimits.pagesPerReply} pages per answer`);
        pages += 1;
        const page = await fetchPublicPage(url, { signal: abortSignal, allowAddresses: options.allowAddresses });
        return { n: result.n, title: result.title, site: result.site, url: page.url, text: page.text.slice(0, webSearchLimits.pageChars) };
      },
    }),
  };
}
