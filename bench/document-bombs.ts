/**
 * Document bombs (issue 28, point 2; decision 052): the real app in its own process reads, through
 * the whole upload -> process -> extraction path, first a normal DOCX and then hostile files made in
 * memory (a DOCX that inflates to 1 GB, the same with headers that lie, a 30,000 x 30,000 PNG). Its
 * RSS is sampled every 20 ms while each is read; a bomb's peak growth over the idle server may be at
 * most 64 MB above the normal file's. `npx tsx bench/document-bombs.ts` runs it alone; `npm run bench`
 * runs it with the others.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docxBomb, pngHeader } from '../tests/fixtures/documents/bombs.ts';
import { serverRss, startServer, type RunningServer } from './lib.ts';

const TARGET_MB = 64;
const MB = 1024 * 1024;
const GB = 1024 * MB;

const json = { 'content-type': 'application/json' };

/** A new account with a conversation, signed in. */
async function account(server: RunningServer, n: number) {
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ firstName: 'Bomb', lastName: 'Bench', email: `bomb.bench.${n}@example.com`, password: 'benchmark password' }),
  });
  const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const session = (await (await fetch(`${server.url}/api/chat-sessions`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ executiveRole: 'CFO', industry: 'Finance' }) })).json()) as { id: string };
  return { cookie, sessionId: session.id };
}

/** Uploads and processes one file, then waits for its analysis to settle while sampling the server's RSS: answers the peak and the document's notes. */
async function readOne(server: RunningServer, n: number, name: string, type: string, body: Buffer): Promise<{ peak: number; status: string; notes: string[] }> {
  const { cookie, sessionId } = await account(server, n);
  const { uploadURL } = (await (await fetch(`${server.url}/api/documents/upload-url`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ size: body.length }) })).json()) as { uploadURL: string };
  const put = await fetch(new URL(uploadURL, server.url), { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(body) });
  if (!put.ok) throw new Error(`PUT ${name}: ${put.status}`);
  let peak = await serverRss(server);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await serverRss(server));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const processed = await fetch(`${server.url}/api/documents/process`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ objectStorageUrl: uploadURL.split('?')[0], filename: name, originalName: name, mimeType: type, size: body.length, executiveRole: 'CFO', sessionId }),
  });
  const { document } = (await processed.json()) as { document: { id: string } };
  let settled: { status: string; extractionNotes: string[] };
  for (;;) {
    settled = ((await (await fetch(`${server.url}/api/documents/${document.id}`, { headers: { cookie } })).json()) as { document: typeof settled }).document;
    if (settled.status !== 'processing') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  sampling = false;
  await sampler;
  return { peak, status: settled.status, notes: settled.extractionNotes };
}

export async function runDocumentBombsBench(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bombs-'));
  const server = await startServer('bench/servers/app-server.ts', { DATA_DIR: dataDir, AI_PROVIDER: 'demo', RATE_LIMIT_SIGNUP_PER_HOUR: '1000' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = await serverRss(server);
    const normal = await readOne(server, 0, 'supplier-agreement.docx', 'application/octet-stream', readFileSync('tests/fixtures/documents/supplier-agreement.docx'));
    const normalGrowth = (normal.peak - idle) / MB;
    console.log('\nDocument bombs through upload, processing and extraction (RSS growth over the idle server, sampled every 20 ms)');
    console.log(`  normal DOCX: ${normalGrowth.toFixed(1)} MB (${normal.status})`);
    let pass = normal.status === 'ready';
    const bombs: Array<[string, string, Buffer]> = [
      ['bomb.docx (inflates to 1 GB)', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docxBomb(GB)],
      ['liar.docx (1 GB, headers say 1 KB)', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docxBomb(GB, 1000)],
      ['huge.png (30,000 x 30,000)', 'image/png', pngHeader(30_000, 30_000)],
    ];
    for (const [index, [name, type, body]] of bombs.entries()) {
      const read = await readOne(server, index + 1, name.split(' ')[0]!, type, body);
      const growth = (read.peak - idle) / MB;
      const ok = growth - normalGrowth <= TARGET_MB && read.notes.length > 0;
      pass &&= ok;
      console.log(`  ${name}: ${growth.toFixed(1)} MB, ${(growth - normalGrowth).toFixed(1)} MB above the normal file (target <= ${TARGET_MB} MB)  ${ok ? 'PASS' : 'FAIL'}`);
      console.log(`    ${read.notes[0] ?? '(no note)'}`);
    }
    return pass;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runDocumentBombsBench();
  process.exit(0);
}
