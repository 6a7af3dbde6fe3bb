import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, compressedBody, type CompressedCache } from './compression.ts';
import { precompressDirectory } from '../../../scripts/vite-precompress.ts';
import { tokenChunks } from '#tests/fakes/openai-server.ts';
import { ask, openSse } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, signUpUser, type TestApp } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

// A built client as Vite leaves it: a script big enough to compress, a tiny one that is not worth it.
const script = `export const advisors = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ role: `Advisor ${i}`, focus: 'strategy, finance and growth' })))};\n`;
let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'compression-'));
  writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><html><head><!--app-head--></head><body><div id="root">${'<p>Corner Office</p>'.repeat(200)}</div></body></html>`);
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(clientDir, 'assets', 'tiny-abc123.js'), 'export {};');
  await precompressDirectory(clientDir);
  t = await createTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('built files, precompressed at build time', () => {
  it('writes .br and .gz twins of files worth compressing, and none of the template or tiny files', () => {
    const assets = path.join(clientDir, 'assets');
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'index-abc123.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(assets, 'index-abc123.js.gz'))).toString()).toBe(script);
    expect(() => readFileSync(path.join(assets, 'tiny-abc123.js.br'))).toThrow();
    expect(() => readFileSync(path.join(clientDir, 'index.html.br'))).toThrow();
  });

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, the file as it is otherwise; Vary either way', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never serves a twin at its own address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.gz' })).statusCode).toBe(404);
  });

  it('compresses the page HTML rendered per request', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/plans', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<p>Corner Office</p>');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(missing.rawPayload).toString()).toContain('<p>Corner Office</p>');
  });
});

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR; q=0.0, *', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s -> %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('compressedBody', () => {
  it('compresses a page once for every request that asks at the same time, in the encoding asked for', async () => {
    const cache: CompressedCache = new Map();
    const page = `<main>${'<p>Test ideas with an advisor who challenges them.</p>'.repeat(500)}</main>`;
    const [first, second] = [compressedBody(page, 'br', cache), compressedBody(page, 'br', cache)];
    expect(second).toBe(first);
    expect(brotliDecompressSync(await first).toString()).toBe(page);
    expect(gunzipSync(await compressedBody(page, 'gzip', cache)).toString()).toBe(page);
    expect(cache.size).toBe(2);
  });
});

describe('API JSON', () => {
  it('is compressed above 1 KB and sent as it is below', async () => {
    const { cookie } = await signUpUser(t.app, t.config);
    const openapi = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(openapi.headers['content-encoding']).toBe('br');
    expect(openapi.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(openapi.rawPayload).toString())).toHaveProperty('openapi');

    const me = await inject(t.app, { method: 'GET', url: '/api/auth/me', headers: { cookie, 'accept-encoding': 'gzip, br' } });
    expect(me.statusCode).toBe(200);
    expect(me.body.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json()).toHaveProperty('email');
  });
});

describe('Server-Sent Events', () => {
  // SSE needs a real connection: inject() buffers the whole response.
  const live = useTestApp({}, { fakeAi: true, listen: true });

  it('are never compressed, so every token reaches the browser as it is written', async () => {
    const { cookie, session } = await live.conversation();
    const reply = Array.from({ length: 400 }, (_, i) => `token${i}`).join(' ');
    let release!: () => void;
    live.fake.when('[compress-sse]', { reply, gate: new Promise<void>((resolve) => (release = resolve)), gateAfterChunks: 0 });
    const { assistantMessage } = await ask(live.app, cookie, session.id, 'Stream it [compress-sse]');
    const stream = await openSse(`${live.origin}/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stream`, {
      cookie,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    await stream.next((e) => e.event === 'snapshot');
    release();
    await stream.ended;
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.events.filter((e) => e.event === 'delta')).toHaveLength(tokenChunks(reply).length);
  });
});
