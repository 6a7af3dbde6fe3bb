export type FileKind = 'pdf' | 'spreadsheet' | 'document' | 'slides' | 'image' | 'code' | 'text' | 'other';

const byExtension: Record<string, FileKind> = {
  pdf: 'pdf',
  xlsx: 'spreadsheet',
  xls: 'spreadsheet',
  csv: 'spreadsheet',
  ods: 'spreadsheet',
  docx: 'document',
  doc: 'document',
  odt: 'document',
  rtf: 'document',
  pptx: 'slides',
  ppt: 'slides',
  key: 'slides',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
  tif: 'image',
  tiff: 'image',
  json: 'code',
  html: 'code',
  htm: 'code',
  xml: 'code',
  txt: 'text',
  md: 'text',
  markdown: 'text',
};

/** What kind of file it is, for its icon and label: by extension first (browsers often send no type), then by type. */
export function fileKind(name: string, mimeType = ''): FileKind {
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  const known = byExtension[extension];
  if (known) return known;
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.includes('spreadsheet') || mimeType === 'text/csv') return 'spreadsheet';
  if (mimeType.includes('presentation')) return 'slides';
  if (mimeType.includes('wordprocessing')) return 'document';
  if (mimeType.startsWith('text/')) return 'text';
  return 'other';
}

export const fileKindLabel: Record<FileKind, string> = {
  pdf: 'PDF',
  spreadsheet: 'Spreadsheet',
  document: 'Document',
  slides: 'Presentation',
  image: 'Image',
  code: 'Structured text',
  text: 'Text',
  other: 'File',
};
