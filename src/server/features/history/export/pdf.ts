import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { ConversationExport, ExportedMessage } from './conversation.ts';
import { markdownToPdfContent } from './markdown-to-pdf.ts';
import { pdfColors, pdfStyles } from './pdf-theme.ts';

/** A4 in points, and the margins around the text column. */
const PAGE_WIDTH = 595.28;
const MARGIN_X = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

let fontsReady = false;

/**
 * pdfmake is one shared instance: the bundled Roboto files (so it works offline and embeds real
 * text) are registered once, and it may read nothing else, local or remote.
 */
export function preparePdfmake(): void {
  if (fontsReady) return;
  const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  pdfmake.setFonts({
    Roboto: {
      normal: path.join(fontDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));
  fontsReady = true;
}

function details(conversation: ConversationExport): Content {
  const cell = (label: string, value: string): Content => ({
    stack: [
      { text: label.toUpperCase(), style: 'label' },
      { text: value, style: 'value', margin: [0, 2, 0, 0] },
    ],
  });
  return {
    table: {
      widths: ['*', '*', '*', '*'],
      body: [[cell('Your role', conversation.userRole), cell('Executive', conversation.executiveRole), cell('Industry', conversation.industry), cell('Date', conversation.date)]],
    },
    layout: {
      hLineWidth: (i: number) => (i === 0 || i === 1 ? 0.75 : 0),
      vLineWidth: () => 0,
      hLineColor: () => pdfColors.rule,
      paddingLeft: (i: number) => (i === 0 ? 0 : 8),
      paddingRight: () => 8,
      paddingTop: () => 8,
      paddingBottom: () => 8,
    },
  };
}

function message(entry: ExportedMessage, first: boolean): Content[] {
  const speakerStyle = entry.role === 'user' ? 'speakerYou' : entry.role === 'system' ? 'speakerNote' : 'speakerExecutive';
  const body: Content[] = entry.content.trim()
    ? entry.role === 'system'
      ? [{ text: entry.content, style: 'note' }]
      : markdownToPdfContent(entry.content, TEXT_WIDTH)
    : [];
  if (entry.note) body.push({ text: entry.note, style: 'note', margin: [0, 2, 0, 0] });
  const speaker: Content = {
    text: [
      { text: entry.speaker, style: speakerStyle },
      { text: `   ${entry.time}`, style: 'time' },
    ],
    margin: [0, 0, 0, 5],
    headlineLevel: 1,
  };
  const separator: Content[] = first
    ? []
    : [{ canvas: [{ type: 'line', x1: 0, y1: 0, x2: TEXT_WIDTH, y2: 0, lineWidth: 0.5, lineColor: pdfColors.rule }], margin: [0, 6, 0, 10] }];
  // A reply that opens with a heading keeps speaker and heading together on one page.
  const opening = body[0];
  if (opening && typeof opening === 'object' && 'headlineLevel' in opening && opening.headlineLevel === 1) {
    return [...separator, { stack: [{ ...speaker, headlineLevel: undefined }, { ...opening, headlineLevel: undefined }], unbreakable: true, headlineLevel: 1 }, { stack: body.slice(1) }];
  }
  return [...separator, speaker, { stack: body }];
}

type Margin = [number, number, number, number];

function withoutBottomMargin(margin: unknown): Margin {
  if (typeof margin === 'number') return [margin, margin, margin, 0];
  if (Array.isArray(margin) && margin.length === 2) return [margin[0], margin[1], margin[0], 0] as Margin;
  if (Array.isArray(margin) && margin.length === 4) return [margin[0], margin[1], margin[2], 0] as Margin;
  return [0, 0, 0, 0];
}

/**
 * The document's last block without the space below it. pdfmake moves a block's bottom margin to a
 * new page when it does not fit under the text, so a conversation that ended a few points above the
 * bottom of its page printed one more page holding only the footer (issue 14, defect 6). The space
 * below the last block separates it from nothing, so it goes, down to the innermost last block
 * (a message's last paragraph, a list's last item).
 */
export function trimTrailingMargin(content: Content): Content {
  if (Array.isArray(content)) {
    if (content.length === 0) return content;
    return [...content.slice(0, -1), trimTrailingMargin(content.at(-1) as Content)] as Content;
  }
  if (content === null || typeof content !== 'object') return content;
  const node = { ...content, margin: withoutBottomMargin((content as { margin?: unknown }).margin) } as Content & Record<string, unknown>;
  for (const key of ['stack', 'ul', 'ol'] as const) {
    const children = node[key];
    if (Array.isArray(children)) node[key] = trimTrailingMargin(children as Content);
  }
  return node;
}

export function conversationPdfDefinition(conversation: ConversationExport): TDocumentDefinitions {
  const messages = conversation.messages.length
    ? conversation.messages.flatMap((entry, index) => message(entry, index === 0))
    : [{ text: 'No messages yet.', style: 'note' }];
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN_X, 56, MARGIN_X, 56],
    info: {
      title: conversation.title,
      author: conversation.appName,
      subject: `Conversation with the ${conversation.executiveRole} (${conversation.industry})`,
      creator: conversation.appName,
      producer: conversation.appName,
    },
    defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.3, color: pdfColors.text },
    styles: pdfStyles,
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `${conversation.appName} · ${conversation.title}`, style: 'footer', width: '*' },
        { text: `Page ${currentPage} of ${pageCount}`, style: 'footer', width: 'auto', alignment: 'right' },
      ],
      columnGap: 12,
      margin: [MARGIN_X, 22, MARGIN_X, 0],
    }),
    // A speaker line never ends a page alone: nothing of its message below it means it moves on.
    // (Containers such as a stack count as "on the page" before their first line is, and the footer is on
    // every page: only text and rules further down the page count.)
    pageBreakBefore: (node, nodes) =>
      node.headlineLevel === 1 &&
      !nodes.getFollowingNodesOnPage().some((next) => (next.text !== undefined || next.canvas !== undefined) && next.startPosition.top > node.startPosition.top),
    content: [
      { text: conversation.appName.toUpperCase(), style: 'kicker' },
      { text: conversation.title, style: 'title' },
      details(conversation),
      { text: `Exported ${conversation.exportedAt} · times in ${conversation.timeZone}`, style: 'meta', margin: [0, 8, 0, 22] },
      ...(trimTrailingMargin(messages) as Content[]),
    ],
  };
}

/** The conversation as an A4 PDF with selectable text and "Page N of M" footers. */
export async function renderConversationPdf(conversation: ConversationExport): Promise<Buffer> {
  preparePdfmake();
  return pdfmake.createPdf(conversationPdfDefinition(conversation)).getBuffer();
}
