import http from 'node:http';
import https from 'node:https';
import { convert } from 'html-to-text';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Reads a public web page for the advisor, the way an attacker cannot turn into a request to our
 * own network (decision 071): http and https only; every connection, redirects
 * included, checked after DNS resolution against private, loopback, link-local and metadata
 * addresses (request-filtering-agent, so a name that resolves to 10.0.0.1, or changes its answer
 * between two lookups, is refused at connect time); at most three redirects; a time and a size
 * bound; text only.
 */
export class PageFetchError extends Error {}

export interface PublicPageOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
  /** Addresses or CIDRs an operator allows although they are private (an intranet); empty by default. */
  allowAddresses?: readonly string[];
}

const MAX_REDIRECTS = 3;

function agentFor(url: URL, allowAddresses: readonly string[]): http.Agent {
  const options = { allowIPAddressList: [...allowAddresses], keepAlive: false };
  return url.protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
}

function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PageFetchError('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageFetchError(`only http and https pages can be read, not ${url.protocol}`);
  if (url.username || url.password) throw new PageFetchError('URLs with credentials are not read');
  return url;
}

function getOnce(url: URL, options: Required<Pick<PublicPageOptions, 'timeoutMs' | 'maxBytes' | 'allowAddresses'>> & { signal?: AbortSignal }) {
  return new Promise<{ status: number; location?: string; contentType: string; body: Buffer }>((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const request = get(url, { agent: agentFor(url, options.allowAddresses), timeout: options.timeoutMs, signal: options.signal, headers: { accept: 'text/html, text/plain;q=0.9', 'user-agent': 'CornerOfficeAdvisor/1.0 (+reads a page a user asked about)' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        resolve({ status, location: response.headers.location, contentType: '', body: Buffer.alloc(0) });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy(new PageFetchError(`the page is larger than ${Math.round(options.maxBytes / 1024)} kB`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new PageFetchError(`the page did not answer within ${options.timeoutMs / 1000} s`)));
    request.on('error', (err) => reject(err instanceof PageFetchError ? err : new PageFetchError(/private|not allowed|meta/i.test(err.message) ? 'the address is not a public one' : `the page could not be read (${err.message})`)));
  });
}

/** The readable text of a public page (HTML converted, plain text as it is), with the URL it ended at. */
export async function fetchPublicPage(raw: string, options: PublicPageOptions = {}): Promise<{ url: string; text: string }> {
  const settings = { timeoutMs: options.timeoutMs ?? 8000, maxBytes: options.maxBytes ?? 2 * 1024 * 1024, allowAddresses: options.allowAddresses ?? [], signal: options.signal };
  let url = checkUrl(raw);
  for (let hop = 0; ; hop++) {
    const answer = await getOnce(url, settings);
    if (answer.status >= 300 && answer.status < 400) {
      if (!answer.location) throw new PageFetchError('the page redirected without saying where');
      if (hop >= MAX_REDIRECTS) throw new PageFetchError('the page redirected too many times');
      url = checkUrl(new URL(answer.location, url).toString());
      continue;
    }
    if (answer.status !== 200) throw new PageFetchError(`the page answered HTTP ${answer.status}`);
    const type = answer.contentType.split(';')[0]!.trim().toLowerCase();
    const raw = answer.body.toString('utf8');
    if (type === 'text/html' || type === 'application/xhtml+xml') {
      return { url: url.toString(), text: convert(raw, { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }, { selector: 'img', format: 'skip' }, { selector: 'nav', format: 'skip' }, { selector: 'script', format: 'skip' }, { selector: 'style', format: 'skip' }] }) };
    }
    if (type === 'text/plain' || type === 'text/markdown') return { url: url.toString(), text: raw };
    throw new PageFetchError(`the page is ${type || 'of an unknown type'}, not text`);
  }
}
