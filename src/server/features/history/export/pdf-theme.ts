import type { StyleDictionary } from 'pdfmake/interfaces';

/** The product's navy and brass, as print colours. */
export const pdfColors = {
  text: '#1c2433',
  muted: '#5b6474',
  navy: '#13294b',
  accent: '#b8862b',
  link: '#1f4f8f',
  rule: '#d5d9e0',
  tableHeader: '#eef1f5',
  codeBackground: '#f2f4f7',
  code: '#27324a',
} as const;

export const pdfStyles: StyleDictionary = {
  kicker: { fontSize: 8.5, bold: true, color: pdfColors.accent, characterSpacing: 1.2 },
  title: { fontSize: 20, bold: true, color: pdfColors.navy, lineHeight: 1.15, margin: [0, 4, 0, 12] },
  label: { fontSize: 7.5, bold: true, color: pdfColors.muted, characterSpacing: 0.6 },
  value: { fontSize: 10.5, color: pdfColors.text },
  meta: { fontSize: 8.5, color: pdfColors.muted },
  speakerYou: { fontSize: 10.5, bold: true, color: pdfColors.navy },
  speakerExecutive: { fontSize: 10.5, bold: true, color: pdfColors.accent },
  speakerNote: { fontSize: 9.5, bold: true, color: pdfColors.muted },
  time: { fontSize: 8.5, color: pdfColors.muted },
  note: { fontSize: 9.5, italics: true, color: pdfColors.muted },
  h1: { fontSize: 15, bold: true, color: pdfColors.navy, margin: [0, 6, 0, 4] },
  h2: { fontSize: 13.5, bold: true, color: pdfColors.navy, margin: [0, 6, 0, 4] },
  h3: { fontSize: 12, bold: true, color: pdfColors.navy, margin: [0, 4, 0, 3] },
  h4: { fontSize: 11, bold: true, color: pdfColors.text, margin: [0, 4, 0, 2] },
  code: { fontSize: 9, color: pdfColors.code, lineHeight: 1.2 },
  footer: { fontSize: 8, color: pdfColors.muted },
};
