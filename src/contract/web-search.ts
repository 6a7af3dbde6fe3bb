import { z } from 'zod';

/**
 * The advisor's optional `web_search` and `read_web_page` tools (issue 32, decision 071): what the
 * model may ask, and what a search answers (each result is cited by its number in the reply).
 */
export const webSearchLimits = {
  queryChars: 200,
  resultsPerSearch: 6,
  /** Searches one reply may make. */
  searchesPerReply: 3,
  /** Result pages one reply may read. */
  pagesPerReply: 3,
  /** The text of a page kept for the model. */
  pageChars: 12_000,
} as const;

export const webSearchInputSchema = z.object({
  query: z.string().trim().min(2, 'a search needs at least two characters').max(webSearchLimits.queryChars).describe('What to search the web for: specific, with names, places and the year'),
});

export const readWebPageInputSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'a result URL (http or https) from a web_search of this reply' }).describe('The URL of a result of a web_search made in this reply'),
});

export const webResultSchema = z.object({
  /** The result's number, as the reply cites it: [web 1]. */
  n: z.number().int().positive(),
  title: z.string(),
  /** The site's host name, e.g. "reuters.com". */
  site: z.string(),
  url: z.string(),
  /** When the page was published, when the search engine knows (ISO date), else null. */
  date: z.string().nullable(),
  snippet: z.string(),
});
export type WebResult = z.infer<typeof webResultSchema>;
