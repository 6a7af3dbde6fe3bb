import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { extractionText } from '#contract/documents-text.ts';
import { resultOf, type ExtractionLimits, type ExtractionResult } from './extraction-result.ts';
import { ReadRefused } from './read-refused.ts';

/** Below this mean word confidence (0-100), the OCR'd text is said to be unreliable. */
const OCR_CONFIDENT = 70;

/**
 * What OCR is given: the file itself when it is small enough, else a greyscale copy scaled down to
 * the OCR area. The dimensions come from the header (sharp reads it without decoding), so an
 * 875 KB PNG that claims 30,000 x 30,000 pixels is refused before a pixel is allocated; decoding
 * for the scaled copy is bounded again by sharp's limitInputPixels.
 */
async function ocrInput(path: string, limits: ExtractionLimits): Promise<{ input: string | Buffer; notes: string[] }> {
  const { default: sharp } = await import('sharp');
  // Only the header is read here, so no pixel limit yet: the dimensions are checked below, by ours.
  const header = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ReadRefused(extractionText.notReadableAs('image'));
    });
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (!width || !height) throw new ReadRefused(extractionText.notReadableAs('image'));
  const pixels = width * height;
  if (pixels > limits.maxImagePixels) throw new ReadRefused(extractionText.tooManyPixels(width, height, limits.maxImagePixels));
  if (pixels <= limits.maxOcrPixels) return { input: path, notes: [] };
  const scale = Math.sqrt(limits.maxOcrPixels / pixels);
  const scaled = await sharp(path, { limitInputPixels: limits.maxImagePixels })
    .resize(Math.max(1, Math.floor(width * scale)), Math.max(1, Math.floor(height * scale)), { fit: 'fill' })
    .greyscale()
    .png()
    .toBuffer();
  return { input: scaled, notes: [extractionText.ocrScaledDown(limits.maxOcrPixels)] };
}

/**
 * Text in an image, by OCR (tesseract.js, WebAssembly) on this worker thread's own tesseract
 * thread, entirely offline: the English model comes from the @tesseract.js-data/eng package
 * (LSTM, integer "best" model), read from disk, never downloaded, and nothing is cached elsewhere.
 */
export async function readImage(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const { input, notes } = await ocrInput(path, limits);
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  try {
    const { data } = await worker.recognize(input);
    const text = data.text.replace(/[ \t]+\n/g, '\n').trim();
    if (!text) return resultOf([], ['The file is an image, and OCR found no text in it, so its content could not be analysed.']);
    if (data.confidence < OCR_CONFIDENT) notes.push(`The text was read from an image by OCR with low confidence (${Math.round(data.confidence)}%); some words may be wrong.`);
    return resultOf([{ label: 'Image text (OCR)', text }], notes);
  } catch (error) {
    return resultOf([], [`The image could not be read by OCR: ${error instanceof Error ? error.message : String(error)}`]);
  } finally {
    await worker.terminate();
  }
}
