import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FREE_RETENTION_DAYS, freeRetentionText } from '#contract/limits.ts';
import { pages, PRERENDER_DIR, prerenderPlaceholders, SHELL_WITH_COOKIE_BANNER_FILE } from '#contract/pages.ts';
import { webAppManifest } from '#contract/pwa.ts';
import { createTestApp, inject, signUpUser, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let clientDir: string;
const origin = 'https://cornerofficeai.example';

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(clientDir, 'og-image.png'), 'png');
  // What the build prerenders (scripts/vite-prerender.ts): the page for a signed-out visitor, with placeholders for the names.
  mkdirSync(path.join(clientDir, PRERENDER_DIR));
  const prerendered = (text: string) =>
    `<!doctype html><html><head><!--app-head--></head><body><div id="root" data-prerendered="signed-out"><h1>${text} at ${prerenderPlaceholders.appName}</h1><p>${prerenderPlaceholders.companyName}</p></div></body></html>`;
  writeFileSync(path.join(clientDir, PRERENDER_DIR, 'plans.html'), prerendered('Plans'));
  writeFileSync(path.join(clientDir, PRERENDER_DIR, '404.html'), prerendered('Page Not Found'));
  // A page stating the retention period, as the terms page does.
  writeFileSync(path.join(clientDir, PRERENDER_DIR, 'terms-and-conditions.html'), prerendered(`Terms <span ${freeRetentionText.marker}="">${freeRetentionText.deletionSentence(DEFAULT_FREE_RETENTION_DAYS)}</span>`));
  // The shell with the cookie banner beside its root (decision 046), as the build copies it from a page.
  writeFileSync(
    path.join(clientDir, PRERENDER_DIR, SHELL_WITH_COOKIE_BANNER_FILE),
    `<!doctype html><html><head><!--app-head--></head><body><div id="root"></div>\n<section data-shell-cookie-banner="" data-cookie-banner=""><p>${prerenderPlaceholders.appName} uses cookies</p></section></body></html>`,
  );
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'export {};');
  t = await createTestApp({ PUBLIC_URL: origin, APP_NAME: 'Boardroom', COMPANY_NAME: 'Boardroom Inc.' }, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The head of the HTML the server sends, parsed without running any JavaScript. */
function head(html: string) {
  const meta = (attr: 'name' | 'property', key: string) => new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    og: {
      title: meta('property', 'og:title'),
      description: meta('property', 'og:description'),
      url: meta('property', 'og:url'),
      image: meta('property', 'og:image'),
      width: meta('property', 'og:image:width'),
      height: meta('property', 'og:image:height'),
      siteName: meta('property', 'og:site_name'),
    },
    twitter: { card: meta('name', 'twitter:card'), title: meta('name', 'twitter:title'), image: meta('name', 'twitter:image') },
    config: /<script id="app-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1],
  };
}

const decode = (s: string | undefined) => s?.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

describe('server-rendered head tags', () => {
  it.each([
    ['/', 'Boardroom - AI Executive Advisor'],
    ['/plans', 'Plans & Pricing - Boardroom'],
    ['/contact', 'Contact Us - Boardroom'],
    ['/privacy-policy', 'Privacy Policy - Boardroom'],
    ['/terms-and-conditions', 'Terms & Conditions - Boardroom'],
    ['/signup', 'Create Account - Boardroom'],
    ['/signin', 'Sign In - Boardroom'],
  ])('%s is indexable with its own title, description, canonical and social tags', async (url, title) => {
    const response = await inject(t.app, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const tags = head(response.body);
    const page = pages.find((p) => p.path === url)!;
    expect(decode(tags.title)).toBe(title);
    expect(decode(tags.description)).toBe(page.description);
    expect(tags.robots).toBeUndefined();
    expect(tags.canonical).toBe(`${origin}${url}`);
    expect(decode(tags.og.title)).toBe(title);
    expect(decode(tags.og.description)).toBe(page.description);
    expect(tags.og.url).toBe(`${origin}${url}`);
    expect(tags.og.image).toBe(`${origin}/og-image.png`);
    expect([tags.og.width, tags.og.height]).toEqual(['1200', '630']);
    expect(tags.og.siteName).toBe('Boardroom');
    expect(tags.twitter).toEqual({ card: 'summary_large_image', title: tags.og.title, image: `${origin}/og-image.png` });
    expect(JSON.parse(tags.config!)).toEqual({ appName: 'Boardroom', companyName: 'Boardroom Inc.', freeRetentionDays: DEFAULT_FREE_RETENTION_DAYS });
  });

  it('gives every page a title and description of its own', async () => {
    const indexable = pages.filter((p) => p.indexable);
    const heads = await Promise.all(indexable.map(async (p) => head((await inject(t.app, { method: 'GET', url: p.path })).body)));
    expect(new Set(heads.map((h) => h.title)).size).toBe(indexable.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(indexable.length);
  });

  // /verify-email is the mailed link's page: 200, as the page it renders (issue 29, point 21).
  it.each(['/reset-password?token=abc', '/verify-email?token=abc', '/chat', '/history', '/checkout'])('%s is noindex and has no canonical link', async (url) => {
    const response = await inject(t.app, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const tags = head(response.body);
    expect(tags.robots).toBe('noindex, nofollow');
    expect(tags.canonical).toBeUndefined();
    expect(tags.title).toMatch(/ - Boardroom$/);
  });

  it('answers an unknown page with 404, the Page Not Found title and noindex', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    const tags = head(response.body);
    expect(tags.title).toBe('Page Not Found - Boardroom');
    expect(tags.robots).toBe('noindex, nofollow');
    expect(tags.canonical).toBeUndefined();
    // The prerendered 404 page (see 'prerendered public pages').
    expect(response.body).toContain('<h1>Page Not Found at Boardroom</h1>');
  });

  it('sends a missing asset as a plain 404, never the app shell, and an unknown API path as JSON', async () => {
    const asset = await inject(t.app, { method: 'GET', url: '/assets/gone-1234.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).toBe('Not found');
    const apiPath = await inject(t.app, { method: 'GET', url: '/api/nope' });
    expect(apiPath.statusCode).toBe(404);
    expect(apiPath.json()).toEqual({ error: 'Not found', code: 'not_found:route' });
  });

  it('redirects a trailing slash to the one canonical address, keeping the query', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/plans/?ref=mail' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/plans?ref=mail');
  });

  it('escapes configuration in attributes and in the config script', async () => {
    const odd = await createTestApp({ APP_NAME: '"><script>x</script>', PUBLIC_URL: origin }, { clientDir });
    const response = await inject(odd.app, { method: 'GET', url: '/plans' });
    expect(response.body).not.toContain('<script>x</script>');
    expect(decode(head(response.body).title)).toBe('Plans & Pricing - "><script>x</script>');
    await odd.close();
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the API and app-only pages and points to the sitemap', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    for (const path of ['/chat', '/history', '/checkout', '/reset-password']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /plans');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('sitemap.xml lists exactly the indexable pages', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      ['/', '/plans', '/signup', '/signin', '/contact', '/privacy-policy', '/terms-and-conditions'].map((p) => `${origin}${p}`).sort(),
    );
    expect(response.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });
});

describe('brand images in public/', () => {
  const pngSize = (file: string) => {
    const header = readFileSync(path.resolve(import.meta.dirname, '../../../public', file));
    expect(header.subarray(1, 4).toString('ascii')).toBe('PNG');
    return [header.readUInt32BE(16), header.readUInt32BE(20)];
  };

  it('has the 1200 x 630 social-share image the head tags announce, and the icons and screenshots the manifest lists', () => {
    expect(pngSize('og-image.png')).toEqual([1200, 630]);
    const manifest = webAppManifest('Boardroom');
    for (const image of [...manifest.icons, ...manifest.screenshots]) expect(pngSize(image.src.slice(1)).join('x')).toBe(image.sizes);
  });
});

describe('installable app', () => {
  it('serves the web app manifest with the configured product name, never cached for long', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = response.json<ReturnType<typeof webAppManifest>>();
    expect(manifest).toMatchObject({ name: 'Boardroom', short_name: 'Boardroom', start_url: '/chat', display: 'standalone', theme_color: '#13294b' });
    expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(['wide', 'narrow']);
  });

  it('shortens a long product name for the home screen', () => {
    expect(webAppManifest('Corner Office').short_name).toBe('Corner Office');
    expect(webAppManifest('Boardroom Advisory Services').short_name).toBe('Boardroom');
  });

  it('revalidates /sw.js on every use and caches hashed assets for a year', async () => {
    const worker = await inject(t.app, { method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const asset = await inject(t.app, { method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('renders /index.html as the app shell with the product name, noindex, never the raw template', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).not.toContain('<!--app-head-->');
    const tags = head(response.body);
    expect(tags.robots).toBe('noindex, nofollow');
    expect(JSON.parse(tags.config!)).toEqual({ appName: 'Boardroom', companyName: 'Boardroom Inc.', freeRetentionDays: DEFAULT_FREE_RETENTION_DAYS });
  });
});

describe('prerendered public pages', () => {
  it('go to a visitor without a session cookie, with the configured names; a visitor with one gets the shell', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/plans' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('<div id="root" data-prerendered="signed-out"><h1>Plans at Boardroom</h1><p>Boardroom Inc.</p></div>');
    expect(head(visitor.body).title).toBe('Plans &#38; Pricing - Boardroom');
    expect(visitor.headers.vary).toMatch(/cookie/i);
    expect(visitor.headers.vary).toMatch(/accept-encoding/i);

    const member = await t.app.inject({ method: 'GET', url: '/plans', headers: { cookie: `${t.config.session.cookieName}=anything` } });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('<div id="root"></div>');
    expect(member.body).not.toContain('data-prerendered');
    expect(head(member.body).title).toBe('Plans &#38; Pricing - Boardroom');
  });

  it('an unknown path gets the prerendered 404 page with status 404; a page the build did not prerender gets the shell', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Page Not Found at Boardroom</h1>');
    const contact = await t.app.inject({ method: 'GET', url: '/contact' });
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toContain('<div id="root"></div>');
  });

  it('the shell paints the cookie banner for a visitor and an account that has not chosen, never for one that has, nor in the kept shell', async () => {
    const banner = '<section data-shell-cookie-banner="" data-cookie-banner=""><p>Boardroom uses cookies</p></section>';
    const shellFor = async (cookie?: string) => (await inject(t.app, { method: 'GET', url: '/chat', cookie })).body;
    // A visitor on a page the build did not prerender, and a cookie that is no session (signed out).
    expect(await shellFor()).toContain(banner);
    expect(await shellFor(`${t.config.session.cookieName}=anything`)).toContain(banner);
    // A new account has not chosen: the banner is in the HTML, painted before the app.
    const { cookie } = await signUpUser(t.app, t.config);
    const undecided = await shellFor(cookie);
    expect(undecided).toContain('<div id="root"></div>');
    expect(undecided).toContain(banner);
    // Once it has chosen (either way), never, not even before the app knows it.
    expect((await inject(t.app, { method: 'POST', url: '/api/cookie-consent', cookie, payload: { cookiesAccepted: false } })).statusCode).toBe(200);
    const decided = await shellFor(cookie);
    expect(decided).toContain('<div id="root"></div>');
    expect(decided).not.toContain('data-shell-cookie-banner');
    // A prerendered page holds its own banner; the shell the service worker keeps never carries one.
    expect((await inject(t.app, { method: 'GET', url: '/plans' })).body).not.toContain('data-shell-cookie-banner');
    expect((await inject(t.app, { method: 'GET', url: '/index.html', cookie })).body).not.toContain('data-shell-cookie-banner');
    expect((await inject(t.app, { method: 'GET', url: '/index.html' })).body).not.toContain('data-shell-cookie-banner');
  });

  it('a page stating the retention period is prerendered only while the configured period is the one the build stated', async () => {
    const terms = await t.app.inject({ method: 'GET', url: '/terms-and-conditions' });
    expect(terms.body).toContain(freeRetentionText.deletionSentence(DEFAULT_FREE_RETENTION_DAYS));
    expect(terms.body).toContain('data-prerendered');

    const other = await createTestApp({ APP_NAME: 'Boardroom', FREE_RETENTION_DAYS: '7' }, { clientDir });
    try {
      // Rendered in the browser from the configuration instead, which the page carries.
      const shell = await other.app.inject({ method: 'GET', url: '/terms-and-conditions' });
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain('<div id="root"></div>');
      expect(JSON.parse(head(shell.body).config!)).toMatchObject({ freeRetentionDays: 7 });
      // Pages that do not state it keep their prerendered HTML.
      expect((await other.app.inject({ method: 'GET', url: '/plans' })).body).toContain('data-prerendered');
    } finally {
      await other.close();
    }
  });
});
