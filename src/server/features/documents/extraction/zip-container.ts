import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { extractionText } from '#contract/documents-text.ts';
import { ReadRefused } from './read-refused.ts';

/**
 * The parts of a zip container (DOCX, XLSX, PPTX) a reader needs, inflated within bounds. A 1 MB
 * file can inflate to gigabytes, so the entry count and the parts' uncompressed sizes are read from
 * the central directory first, before a byte is inflated; then, since headers can lie, every
 * inflated byte is counted (yauzl also fails an entry that inflates past the size its header
 * declares). Parts that are not wanted (pictures, embedded files) are never inflated.
 */
export interface ZipBounds {
  maxEntries: number;
  maxBytes: number;
}

const open = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );

/** Every entry of the central directory (reading it inflates nothing). */
function listEntries(zip: ZipFile, maxEntries: number): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      // The end record's count can lie too: stop at the limit whatever it said.
      if (entries.length > maxEntries) reject(new ReadRefused(extractionText.tooManyEntries(entries.length, maxEntries)));
      else zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

const openStream = (zip: ZipFile, entry: Entry) => new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));

export async function readZipParts(path: string, wanted: (name: string) => boolean, bounds: ZipBounds): Promise<Map<string, Buffer>> {
  const zip = await open(path);
  try {
    if (zip.entryCount > bounds.maxEntries) throw new ReadRefused(extractionText.tooManyEntries(zip.entryCount, bounds.maxEntries));
    const entries = (await listEntries(zip, bounds.maxEntries)).filter((entry) => !entry.fileName.endsWith('/') && wanted(entry.fileName));
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > bounds.maxBytes) throw new ReadRefused(extractionText.tooLargeUnzipped(declared, bounds.maxBytes));
    const parts = new Map<string, Buffer>();
    let inflated = 0;
    for (const entry of entries) {
      const stream = await openStream(zip, entry);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          inflated += chunk.length;
          if (inflated > bounds.maxBytes) throw new ReadRefused(extractionText.tooLargeUnzipped(inflated, bounds.maxBytes));
          chunks.push(chunk);
        }
      } catch (error) {
        stream.destroy();
        // yauzl's own count: the entry inflated past the size its header declared.
        if (error instanceof Error && /too many bytes in the stream/.test(error.message)) throw new ReadRefused(extractionText.sizesLie);
        throw error;
      }
      parts.set(entry.fileName, Buffer.concat(chunks));
    }
    return parts;
  } finally {
    zip.close();
  }
}

/**
 * The wanted parts again as a zip of stored (uncompressed) entries, for a library that opens the
 * container itself (mammoth, exceljs): what it inflates is then exactly what was bounded here.
 */
export async function rezip(parts: Map<string, Buffer>): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const [name, bytes] of parts) zip.file(name, bytes, { compression: 'STORE' });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

/** Text parts (XML and relationships): everything a reader needs, never a picture or an embedded file. */
export const isTextPart = (name: string) => /\.(xml|rels)$/i.test(name);
