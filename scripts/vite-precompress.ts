import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files the server sends as they are; HTML is rendered per request and compressed then. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // The Vite manifest is read by the bench and the server at build time, never served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* walk(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to each file; answers how many. */
export async function precompressDirectory(dir: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for await (const file of walk(dir)) {
    jobs.push(
      (async () => {
        if ((await stat(file)).size < MIN_BYTES) return;
        const body = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gzipAsync(body, { level: 9 }),
        ]);
        // A twin that saves nothing would only make the server read a second file.
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/**
 * Precompresses the built client once every other plugin has written its files (the service worker
 * included), so @fastify/static sends `.br` or `.gz` with `Content-Encoding` and `Vary: Accept-Encoding`
 * and no request pays for compression (docs/decisions/027-performance.md).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'corner-office:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (this.environment && this.environment.name !== 'client') return;
        await precompressDirectory(outDir);
      },
    },
  };
}
