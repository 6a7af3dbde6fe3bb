import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { documentTitle, notFoundPage, pageFor, pages, PRERENDER_DIR, prerenderedPages, prerenderPlaceholders, SHELL_WITH_COOKIE_BANNER_FILE, type PageMeta } from '#contract/pages.ts';
import { DEFAULT_FREE_RETENTION_DAYS, freeRetentionText } from '#contract/limits.ts';
import { webAppManifest } from '#contract/pwa.ts';
import type { Config } from '../config.ts';
import { addVary, compressedBody, sendCompressed, type CompressedCache } from './compression.ts';

function escapeAttr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The link-preview image in public/ (rendered by scripts/render-brand-images.ts). */
const socialImage = { path: '/og-image.png', width: 1200, height: 630 } as const;

/** The <head> tags of one page, rendered on the server so crawlers and link previews need no JavaScript. */
export function renderHead(page: PageMeta, origin: string, config: Config): string {
  const title = documentTitle(page, config.appName);
  const url = `${origin}${page.path || '/'}`;
  const imageAlt = `${config.appName}: AI executive advisors for founders and business owners`;
  const tags = [
    `<title>${escapeAttr(title)}</title>`,
    `<meta name="description" content="${escapeAttr(page.description)}" />`,
    `<meta name="application-name" content="${escapeAttr(config.appName)}" />`,
    `<meta name="apple-mobile-web-app-title" content="${escapeAttr(config.appName)}" />`,
    page.indexable ? `<link rel="canonical" href="${escapeAttr(url)}" />` : '<meta name="robots" content="noindex, nofollow" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeAttr(config.appName)}" />`,
    `<meta property="og:title" content="${escapeAttr(title)}" />`,
    `<meta property="og:description" content="${escapeAttr(page.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta property="og:image" content="${escapeAttr(`${origin}${socialImage.path}`)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${socialImage.width}" />`,
    `<meta property="og:image:height" content="${socialImage.height}" />`,
    `<meta property="og:image:alt" content="${escapeAttr(imageAlt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeAttr(title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(page.description)}" />`,
    `<meta name="twitter:image" content="${escapeAttr(`${origin}${socialImage.path}`)}" />`,
    `<meta name="twitter:image:alt" content="${escapeAttr(imageAlt)}" />`,
  ];
  // Data, not code: CSP does not run it, and the client reads it at start (product name, company).
  const publicConfig = JSON.stringify({ appName: config.appName, companyName: config.companyName, freeRetentionDays: config.retention.freeDays }).replace(/</g, '\\u003c');
  tags.push(`<script id="app-config" type="application/json">${publicConfig}</script>`);
  return tags.join('\n    ');
}

/** The head of the app shell the service worker keeps for every client route (the page then sets its own). */
const shellPage: PageMeta = { ...pages[0], indexable: false };

/**
 * Serves the built SPA: hashed assets with long caching, index.html with per-route head tags
 * for client routes (404 status for unknown ones), robots.txt and sitemap.xml.
 * The installable app (docs/decisions/023-installable-app.md): /sw.js and everything else outside
 * assets/ revalidated on every use, the manifest built from configuration, and /index.html as the
 * app shell the service worker precaches (rendered like any page, so it carries the product name).
 * An unknown /api path answers 404 JSON.
 */
export interface SpaOptions {
  /**
   * The cookie choice of the account a session token belongs to: true or false when it chose, null when
   * it has not, undefined when the token is no session. Decides whether the shell carries the banner.
   */
  cookieChoiceOf?: (sessionToken: string) => Promise<boolean | null | undefined>;
  /** Client routes this server serves besides `pages` (the development mailbox, decision 056). */
  extraPages?: readonly PageMeta[];
}

export async function registerSpa(app: FastifyInstance, config: Config, clientDir: string, options: SpaOptions = {}): Promise<void> {
  const indexPath = path.join(clientDir, 'index.html');
  const hasClient = existsSync(indexPath);
  const template = hasClient ? readFileSync(indexPath, 'utf8') : undefined;
  const prerendered = readPrerenderedPages(clientDir, config);
  const shellWithBanner = readBuiltPage(path.join(clientDir, PRERENDER_DIR, SHELL_WITH_COOKIE_BANNER_FILE), config);
  // The same few pages, compressed once each (brotli 11, as the build's files): a key per page and state.
  const compressedPages: CompressedCache = new Map();
  /** A built page (prerendered, or a shell) with the head tags of the page it answers for. */
  const withHead = (html: string, page: PageMeta | undefined): string => html.replace('<!--app-head-->', renderHead(page ?? notFoundPage, config.publicUrl, config));
  /**
   * Whether the shell should paint the cookie banner before the app (docs/decisions/046-signed-in-first-paint.md):
   * for a visitor (no session, or one that has ended) and for an account that has not chosen. An account
   * that chose never gets it, not even for a frame; if its choice cannot be read, the app decides, as before.
   */
  const shellBanner = async (token: string | undefined): Promise<boolean> => {
    if (!token) return true;
    if (!options.cookieChoiceOf) return false;
    try {
      return (await options.cookieChoiceOf(token)) == null;
    } catch (err) {
      app.log.warn({ err }, 'Could not read the cookie choice for the shell');
      return false;
    }
  };

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // The template is never sent raw: /index.html is rendered below. The .br and .gz twins written at
      // build time (scripts/vite-precompress.ts) are sent in place of their file, never at their own address.
      globIgnore: ['index.html', 'manifest.webmanifest', '**/*.br', '**/*.gz'],
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
        // The app's font, read by the card fields' frame on the payment provider's origin (a font is fetched with CORS).
        if (filePath.endsWith('.woff2')) res.header('access-control-allow-origin', '*');
      },
    });
  }

  app.get('/manifest.webmanifest', async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(JSON.stringify(webAppManifest(config.appName)));
  });

  if (template) {
    app.get('/index.html', async (_request, reply) => {
      const html = withHead(template, shellPage);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  }

  app.get('/robots.txt', async (request, reply) => {
    const origin = config.publicUrl;
    const disallow = pages.filter((p) => !p.indexable).map((p) => `Disallow: ${p.path}`);
    return reply.type('text/plain').send(['User-agent: *', 'Disallow: /api/', ...disallow, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = config.publicUrl;
    const urls = pages
      .filter((p) => p.indexable)
      .map((p) => `  <url><loc>${escapeAttr(`${origin}${p.path}`)}</loc></url>`)
      .join('\n');
    return reply
      .type('application/xml')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'Not found', code: 'not_found:route' });
    }
    // A missing asset is a 404, never index.html (a stale tab would otherwise parse HTML as JS).
    if (!template || /\.[a-z0-9]{1,8}$/i.test(urlPath)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const page = pageFor(urlPath) ?? options.extraPages?.find((p) => p.path === urlPath.replace(/(.)\/+$/, '$1'));
    // One address per page: '/plans/' answers with a permanent redirect to '/plans'.
    if (page && urlPath !== page.path) {
      const query = request.url.slice(urlPath.length);
      return reply.redirect(`${page.path}${query}`, 301);
    }
    // A visitor without a session cookie is signed out: the page prerendered for that state (hydrated by
    // the browser). With a cookie, the shell: the client renders once it knows who is signed in, so a
    // signed-in visitor never sees the signed-out page first (docs/decisions/027-performance.md). The
    // shell carries the cookie banner when the account has not chosen (decision 046).
    const token = request.cookies[config.session.cookieName];
    const prerenderedPage = token ? undefined : prerendered.get(page ? page.path : '/404');
    const html = withHead(prerenderedPage ?? (shellWithBanner && (await shellBanner(token)) ? shellWithBanner : template), page);
    addVary(reply, 'cookie');
    reply
      .status(page ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return sendCompressed(request, reply, html, compressedPages);
  });

  // A first visitor must not wait for brotli 11 (about 90 ms a page): the prerendered pages are compressed
  // now, in the background on the thread pool, in both encodings a browser asks for.
  for (const [pagePath, built] of prerendered) {
    const html = withHead(built, pageFor(pagePath));
    for (const encoding of ['br', 'gzip'] as const) {
      compressedBody(html, encoding, compressedPages).catch((error: unknown) => app.log.warn({ err: error, page: pagePath }, 'Could not precompress a page'));
    }
  }
}

/**
 * The pages the build prerendered (scripts/vite-prerender.ts), by path ('/404' for unknown paths), with
 * the configured product and company names in place of the build's placeholders. None when the build
 * has none (a test's client directory, or a client built before prerendering).
 */
function readPrerenderedPages(clientDir: string, config: Config): Map<string, string> {
  const result = new Map<string, string>();
  for (const page of prerenderedPages) {
    const html = readBuiltPage(path.join(clientDir, PRERENDER_DIR, page.file), config);
    if (html) result.set(page.path, html);
  }
  return result;
}

/** One page the build wrote, with the configured names in place; undefined when absent or not valid for this configuration. */
function readBuiltPage(file: string, config: Config): string | undefined {
  if (!existsSync(file)) return undefined;
  const built = readFileSync(file, 'utf8');
  // The build stated the default retention; with another configured, the page is rendered in the browser from the config.
  if (config.retention.freeDays !== DEFAULT_FREE_RETENTION_DAYS && built.includes(freeRetentionText.marker)) return undefined;
  return built.replaceAll(prerenderPlaceholders.appName, escapeAttr(config.appName)).replaceAll(prerenderPlaceholders.companyName, escapeAttr(config.companyName));
}
