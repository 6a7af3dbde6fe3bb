import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { PRERENDER_DIR, prerenderedPages, prerenderPlaceholders, SHELL_WITH_COOKIE_BANNER_FILE } from '../src/contract/pages.ts';
import { cookieChoiceScript, SHELL_COOKIE_BANNER_ATTRIBUTE } from '../src/contract/cookie-choice-script.ts';
import { DEFAULT_FREE_RETENTION_DAYS } from '../src/contract/limits.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The lazy chunk of a page and the chunks it imports, except the entries (the app is asked for by boot.ts). */
function preloadsFor(manifest: Record<string, ManifestChunk>, key: string | null): string[] {
  const files = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (key) visit(key);
  return [...files].map((file) => `/${file}`);
}

/** The root element as the shell has it: empty, with the address of the app for boot.ts. */
const shellRoot = /<div id="root" data-app="(\/assets\/[\w.-]+\.js)"><\/div>/;

/**
 * Prerenders the public pages once the client is built (docs/decisions/027-performance.md): a server
 * build of src/client/prerender.tsx renders each page as a signed-out visitor sees it, and the page is
 * written into the built index.html under `.prerendered/`, with the scripts it needs listed on its root
 * element for boot.ts, which fetches them once the page is painted (docs/decisions/043-paint-before-the-app.md).
 * The server sends these to requests without a session cookie; the browser hydrates them.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let resolveConfig: Record<string, unknown> = {};
  return {
    name: 'corner-office:prerender',
    apply: 'build',
    enforce: 'post',
    // Every page preloads the latin Inter file: with font-display: optional it is used only when it
    // arrives within the first paint's short block period, and the preload makes that the usual case.
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files = Object.values(context.bundle ?? {});
        // The app is an entry of its own, loaded by the page's script (boot.ts), which reads its address here.
        const app = files.find((file) => file.type === 'chunk' && file.isEntry && file.name === 'app');
        if (!app) throw new Error('The build has no app entry chunk (main.tsx) for boot.ts to load');
        html = html.replace('<div id="root"></div>', `<div id="root" data-app="/${app.fileName}"></div>`);
        const font = files.find((file) => /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/.test(file.fileName));
        if (!font) return html;
        return html.replace('<!--app-head-->', `<link rel="preload" href="/${font.fileName}" as="font" type="font/woff2" crossorigin />\n    <!--app-head-->`);
      },
    },
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      resolveConfig = { alias: config.resolve.alias };
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (this.environment && this.environment.name !== 'client') return;
        const serverDir = path.resolve(outDir, '../prerender');
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          resolve: resolveConfig,
          build: { ssr: path.join(root, 'prerender.tsx'), outDir: serverDir, emptyOutDir: true, minify: false, sourcemap: false },
        });
        (globalThis as { prerenderConfig?: unknown }).prerenderConfig = { ...prerenderPlaceholders, freeRetentionDays: DEFAULT_FREE_RETENTION_DAYS };
        const { renderPage } = (await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href)) as { renderPage: (p: string) => Promise<string> };
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
        const target = path.join(outDir, PRERENDER_DIR);
        await mkdir(target, { recursive: true });
        // The stylesheet, inlined: a prerendered page paints with no request but itself (a round trip and
        // 13 kB less before the first paint on a phone; docs/decisions/035-performance-leftovers.md).
        // Later navigations are the app's own (no new HTML), and the shell keeps the cached file.
        const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/.exec(template);
        if (!stylesheet) throw new Error('index.html has no stylesheet link to inline');
        const css = (await readFile(path.join(outDir, stylesheet[1]!), 'utf8')).replaceAll('</style', '<\\/style');
        // Then the one inline script (allowed by its hash): it hides the cookie banner, which the page's
        // HTML holds, before the first paint when this browser already has the visitor's choice
        // (docs/decisions/040-first-paint.md).
        const pageTemplate = template.replace(stylesheet[0], () => `<style>${css}</style>\n    <script>${cookieChoiceScript}</script>`);
        let banner: string | undefined;
        for (const page of prerenderedPages) {
          const body = await renderPage(page.path);
          banner ??= /<section [^>]*data-cookie-banner=""[^>]*>[\s\S]*?<\/section>/.exec(body)?.[0];
          // The CSP runs no inline script: a boundary React left to be revealed by one would stay hidden.
          if (/<script|<!--\$[?!]-->/.test(body)) throw new Error(`${page.path} prerendered with a pending boundary or an inline script`);
          const root = shellRoot.exec(pageTemplate);
          if (!root) throw new Error('index.html has no empty root element with the app\'s address to prerender into');
          const preload = preloadsFor(manifest, page.module).join(' ');
          const html = pageTemplate.replace(
            root[0],
            () => `<div id="root" data-prerendered="signed-out" data-app="${root[1]}"${preload ? ` data-preload="${preload}"` : ''} data-path="${page.path}">${body}</div>`,
          );
          await writeFile(path.join(target, page.file), html);
        }
        // The shell for a signed-in account that has not chosen its cookies: the banner as a visitor's
        // page has it (its buttons aria-disabled until the app takes over), beside the empty root, with
        // the stylesheet linked as the shell has it and the inline script that hides it when this browser
        // has a choice (docs/decisions/046-signed-in-first-paint.md).
        if (!banner) throw new Error('No prerendered page holds the cookie banner to copy into the shell');
        const emptyRoot = shellRoot.exec(template)?.[0];
        if (!emptyRoot) throw new Error('index.html has no empty root element with the app\'s address');
        const shellBanner = banner.replace('<section ', () => `<section ${SHELL_COOKIE_BANNER_ATTRIBUTE}="" `);
        const shell = template
          .replace(stylesheet[0], () => `${stylesheet[0]}\n    <script>${cookieChoiceScript}</script>`)
          .replace(emptyRoot, () => `${emptyRoot}\n    ${shellBanner}`);
        await writeFile(path.join(target, SHELL_WITH_COOKIE_BANNER_FILE), shell);
        await rm(serverDir, { recursive: true, force: true });
      },
    },
  };
}
