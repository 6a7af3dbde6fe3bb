/** Which reader a file gets, from its type and (when the type is vague) its name. */
export type DocumentFormat = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'pptx' | 'html' | 'json' | 'markdown' | 'text' | 'image' | 'unknown';

const byExtension: Record<string, DocumentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  csv: 'csv',
  tsv: 'csv',
  pptx: 'pptx',
  html: 'html',
  htm: 'html',
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'text',
  text: 'text',
  log: 'text',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  tif: 'image',
  tiff: 'image',
};

const byMime: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'text/html': 'html',
  'application/json': 'json',
  'text/markdown': 'markdown',
  'text/plain': 'text',
};

export function formatOf(mimeType: string, name: string): DocumentFormat {
  const mime = mimeType.split(';')[0]!.trim().toLowerCase();
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (byMime[mime]) return byMime[mime]!;
  if (byExtension[extension]) return byExtension[extension]!;
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('text/')) return 'text';
  return 'unknown';
}
