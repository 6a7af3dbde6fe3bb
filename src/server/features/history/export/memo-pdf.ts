import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { memoText } from '#contract/history.ts';
import { BLANK, type DecisionMemo } from './memo.ts';
import { preparePdfmake } from './pdf.ts';
import { pdfColors } from './pdf-theme.ts';

const MARGIN_X = 56;

/** Type sizes tried in turn until the memo fits one page (the parser's caps make the first fit almost always). */
const SCALES = [1, 0.9, 0.8, 0.7, 0.62] as const;

function definition(memo: DecisionMemo, scale: number, onPageCount: (count: number) => void): TDocumentDefinitions {
  const size = (points: number) => Math.round(points * scale * 100) / 100;
  const section = (title: string, body: Content): Content => ({
    stack: [{ text: title.toUpperCase(), fontSize: size(8.5), bold: true, color: pdfColors.accent, characterSpacing: 0.8, margin: [0, size(12), 0, size(4)] }, body],
  });
  const list = (items: string[], ordered = false): Content =>
    ordered ? { ol: items.map((item) => ({ text: item, margin: [0, 0, 0, size(3)] })) } : { ul: items.map((item) => ({ text: item, margin: [0, 0, 0, size(3)] })) };
  const field = (label: string): Content => ({
    columns: [
      { text: `${label}:`, bold: true, width: 'auto', color: pdfColors.navy },
      { text: BLANK, width: '*', color: pdfColors.muted },
    ],
    columnGap: 8,
    margin: [0, 0, 0, size(6)],
  });
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN_X, 48, MARGIN_X, 52],
    info: { title: `${memoText.heading}: ${memo.title}`, author: memo.appName, subject: `Decision memo from a conversation with the ${memo.executiveRole}`, creator: memo.appName, producer: memo.appName },
    defaultStyle: { font: 'Roboto', fontSize: size(10.5), lineHeight: 1.3, color: pdfColors.text },
    footer: (currentPage, pageCount) => {
      onPageCount(pageCount);
      return {
        columns: [
          { text: `${memo.appName} · ${memoText.heading}`, fontSize: 8, color: pdfColors.muted, width: '*' },
          { text: `Page ${currentPage} of ${pageCount}`, fontSize: 8, color: pdfColors.muted, width: 'auto', alignment: 'right' },
        ],
        margin: [MARGIN_X, 20, MARGIN_X, 0],
      };
    },
    content: [
      { text: `${memo.appName.toUpperCase()} · ${memoText.heading.toUpperCase()}`, fontSize: 8.5, bold: true, color: pdfColors.accent, characterSpacing: 1.2 },
      { text: memo.title, fontSize: size(18), bold: true, color: pdfColors.navy, lineHeight: 1.15, margin: [0, 4, 0, 6] },
      {
        text: `${memo.executiveRole} (${memo.industry}) · your role: ${memo.userRole} · conversation of ${memo.date} · prepared ${memo.preparedAt} (${memo.timeZone})`,
        fontSize: size(8.5),
        color: pdfColors.muted,
      },
      ...(memo.demoNote ? [{ text: memo.demoNote, fontSize: size(8.5), italics: true, color: pdfColors.accent, margin: [0, 4, 0, 0] as [number, number, number, number] }] : []),
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 595.28 - 2 * MARGIN_X, y2: 0, lineWidth: 0.75, lineColor: pdfColors.rule }], margin: [0, 8, 0, 0] },
      section(memoText.question, { text: memo.question, bold: true, color: pdfColors.navy }),
      section(memoText.options, list(memo.options, true)),
      section(memoText.recommendation, { text: memo.recommendation }),
      section(memoText.risks, list(memo.risks)),
      section(memoText.ownerAndDate, { stack: [field(memoText.owner), field(memoText.date)] }),
      section(memoText.openQuestions, list(memo.openQuestions)),
    ],
  };
}

/**
 * The memo as a one-page A4 PDF: laid out at full size, then at smaller type until it fits one page
 * (the parser's caps make that rare); at the smallest size the longest lists lose their last items.
 */
export async function renderMemoPdf(memo: DecisionMemo): Promise<Buffer> {
  preparePdfmake();
  let current = memo;
  for (;;) {
    for (const scale of SCALES) {
      let pages = 1;
      const buffer = await pdfmake.createPdf(definition(current, scale, (count) => (pages = count))).getBuffer();
      if (pages === 1) return buffer;
    }
    const lists = (['options', 'risks', 'openQuestions'] as const).filter((key) => current[key].length > 1);
    if (lists.length === 0) throw new Error('The memo does not fit one page');
    const longest = lists.reduce((a, b) => (current[a].join('').length >= current[b].join('').length ? a : b));
    current = { ...current, [longest]: current[longest].slice(0, -1) };
  }
}
