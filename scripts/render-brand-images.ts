/**
 * Renders the brand images in public/ from HTML with Chromium, so they stay in step with the mark
 * in src/client/components/layout/brand.tsx and the theme colours:
 *   public/og-image.png            1200 x 630 link preview (Open Graph, Twitter)
 *   public/icons/icon-192.png      app icon (also the apple-touch-icon)
 *   public/icons/icon-512.png      app icon, large
 *   public/icons/maskable-*.png    maskable app icons (manifest purpose 'maskable'): the mark well inside the
 *                                  central 80% safe circle, so any launcher mask (circle, squircle) keeps it whole
 * Run: npx tsx scripts/render-brand-images.ts   (the PNGs are committed; run again after a brand change)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEFAULT_APP_NAME } from '../src/contract/product.ts';
import { FREE_DAILY_INTERACTIONS } from '../src/contract/limits.ts';
import { executiveRoles, industries } from '../src/contract/roles.ts';

const root = path.resolve(import.meta.dirname, '..');
const navy = '#13294b';
const brass = '#d9a441';
const font = readFileSync(path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')).toString('base64');

const mark = (size: number) => `
  <svg viewBox="0 0 32 32" width="${size}" height="${size}" xmlns="http://www.w3.org/2000/svg">
    <rect width="32" height="32" rx="8" fill="${navy}"/>
    <path d="M10 25V8.5A1.5 1.5 0 0 1 11.5 7h9A1.5 1.5 0 0 1 22 8.5V25" fill="none" stroke="${brass}" stroke-width="2.2"/>
    <circle cx="18.5" cy="16.5" r="1.4" fill="${brass}"/>
    <path d="M7 25h18" stroke="${brass}" stroke-width="2.2" stroke-linecap="round"/>
  </svg>`;

const page = (body: string, css: string) => `<!doctype html><html><head><style>
  @font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 100 900; }
  html, body { margin: 0; padding: 0; }
  body { font-family: Inter, sans-serif; -webkit-font-smoothing: antialiased; }
  ${css}
</style></head><body>${body}</body></html>`;

const ogImage = page(
  `<main>
    <div class="glow a"></div><div class="glow b"></div>
    <header>${mark(72)}<span>${DEFAULT_APP_NAME}</span></header>
    <h1>A seasoned executive in your corner, whenever you need one.</h1>
    <p>AI advisors in ${executiveRoles.length} executive roles, grounded in ${industries.length} industries.<br/>Test ideas, rehearse hard conversations, get decisions challenged.</p>
    <footer><span class="pill">Start free: ${FREE_DAILY_INTERACTIONS} interactions a day</span><span class="roles">CEO · CFO · COO · CMO · CTO · CHRO · CISO · VP Sales</span></footer>
  </main>`,
  `main { position: relative; overflow: hidden; width: 1200px; height: 630px; box-sizing: border-box; padding: 64px 80px; background: ${navy}; color: #fff; display: flex; flex-direction: column; }
   .glow { position: absolute; border-radius: 50%; filter: blur(90px); }
   .glow.a { width: 520px; height: 520px; right: -160px; top: -220px; background: rgba(217, 164, 65, 0.14); }
   .glow.b { width: 480px; height: 480px; left: -160px; bottom: -220px; background: rgba(74, 111, 165, 0.45); }
   header { position: relative; display: flex; align-items: center; gap: 20px; font-size: 36px; font-weight: 650; letter-spacing: -0.01em; }
   header svg { border-radius: 16px; box-shadow: 0 0 0 2px rgba(217, 164, 65, 0.35); }
   h1 { position: relative; margin: 56px 0 0; max-width: 1040px; font-size: 60px; line-height: 1.08; font-weight: 750; letter-spacing: -0.025em; }
   p { position: relative; margin: 28px 0 0; font-size: 26px; line-height: 1.45; color: rgba(255, 255, 255, 0.82); }
   footer { position: relative; margin-top: auto; display: flex; align-items: center; gap: 28px; font-size: 22px; }
   .pill { background: ${brass}; color: #2a1d05; font-weight: 700; padding: 10px 20px; border-radius: 999px; }
   .roles { color: rgba(255, 255, 255, 0.7); letter-spacing: 0.02em; }`,
);

// Maskable icons keep the mark within the central 80% circle; the navy fills the rest.
const icon = (size: number, markShare = 0.62) =>
  page(
    `<div class="icon">${mark(Math.round(size * markShare))}</div>`,
    `.icon { width: ${size}px; height: ${size}px; background: ${navy}; display: flex; align-items: center; justify-content: center; }
     .icon svg rect { fill: ${navy}; }`,
  );

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const targets: Array<[string, string, number, number]> = [
  ['public/og-image.png', ogImage, 1200, 630],
  ['public/icons/icon-192.png', icon(192), 192, 192],
  ['public/icons/icon-512.png', icon(512), 512, 512],
  ['public/icons/maskable-192.png', icon(192, 0.5), 192, 192],
  ['public/icons/maskable-512.png', icon(512, 0.5), 512, 512],
];
for (const [file, html, width, height] of targets) {
  const tab = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await tab.setContent(html, { waitUntil: 'load' });
  await tab.evaluate(() => document.fonts.ready);
  await tab.screenshot({ path: path.join(root, file), clip: { x: 0, y: 0, width, height } });
  await tab.close();
  console.log(file);
}
await browser.close();
