import { Lexer, type Token, type Tokens } from 'marked';
import type { Content, ContentText, TableCell } from 'pdfmake/interfaces';
import { limitMarkdownNesting } from '#contract/markdown-depth.ts';
import { pdfColors } from './pdf-theme.ts';

/**
 * Message Markdown as pdfmake content: real text (selectable, searchable), with headings,
 * paragraphs, emphasis, links, lists, tables, quotes and code. Raw HTML is shown as its text,
 * images by their description; nothing is fetched.
 */

/** Inline text is flat: each piece carries every style it is under (pdfmake does not pass styles down into nested arrays). */
type Inline = ContentText & { text: string };
type InlineStyle = Omit<ContentText, 'text'>;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Characters the bundled font cannot draw (emoji and their joiners) would print as empty boxes. */
function printable(text: string): string {
  return text
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/\p{Extended_Pictographic}\uFE0F?(\u200D\p{Extended_Pictographic}\uFE0F?)*/gu, '')
    .replace(/[\uFE0F\u200D]/g, '');
}

function isSafeLink(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href.trim());
}

function inlines(tokens: Token[] | undefined, style: InlineStyle = {}): Inline[] {
  const out: Inline[] = [];
  const text = (value: string, extra: InlineStyle = {}) => {
    if (value) out.push({ ...style, ...extra, text: value });
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...inlines((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...inlines((token as Tokens.Em).tokens, { ...style, italics: true }));
        break;
      case 'del':
        out.push(...inlines((token as Tokens.Del).tokens, { ...style, decoration: 'lineThrough' }));
        break;
      case 'codespan':
        text(printable((token as Tokens.Codespan).text), { background: pdfColors.codeBackground, color: pdfColors.code });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        out.push(...inlines(link.tokens, isSafeLink(link.href) ? { ...style, link: link.href.trim(), color: pdfColors.link, decoration: 'underline' } : style));
        break;
      }
      case 'image': {
        const alt = printable((token as Tokens.Image).text);
        text(`[image${alt ? `: ${alt}` : ''}]`, { italics: true, color: pdfColors.muted });
        break;
      }
      case 'br':
        text('\n');
        break;
      case 'checkbox':
        text((token as Tokens.Checkbox).checked ? '[x] ' : '[ ] ');
        break;
      case 'html':
        text(printable((token as Tokens.HTML).text.replace(/<[^>]*>/g, '')));
        break;
      case 'text': {
        const plain = token as Tokens.Text;
        if (plain.tokens?.length) out.push(...inlines(plain.tokens, style));
        else text(printable(plain.text));
        break;
      }
      default:
        if ('text' in token && typeof token.text === 'string') text(printable(token.text));
    }
  }
  return out;
}

const headingStyles = ['h1', 'h2', 'h3', 'h4', 'h4', 'h4'] as const;

function listItem(item: Tokens.ListItem, width: number): Content {
  const parts = blocks(item.tokens, width, true);
  return parts.length === 1 ? parts[0]! : { stack: parts };
}

function table(token: Tokens.Table): Content {
  const cell = (c: Tokens.TableCell, header: boolean): TableCell => ({
    text: inlines(c.tokens),
    bold: header,
    alignment: c.align ?? 'left',
    fillColor: header ? pdfColors.tableHeader : undefined,
  });
  const columns = token.header.length;
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: Array.from({ length: columns }, () => '*'),
      body: [token.header.map((c) => cell(c, true)), ...token.rows.map((row) => Array.from({ length: columns }, (_, i) => (row[i] ? cell(row[i], false) : '')))],
    },
    layout: {
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      hLineColor: () => pdfColors.rule,
      vLineColor: () => pdfColors.rule,
      paddingLeft: () => 5,
      paddingRight: () => 5,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    fontSize: 9.5,
    margin: [0, 2, 0, 8],
  };
}

function blocks(tokens: Token[], width: number, tight = false): Content[] {
  const out: Content[] = [];
  const gap = tight ? 2 : 6;
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'def':
        break;
      case 'heading': {
        const heading = token as Tokens.Heading;
        // headlineLevel: a heading never ends a page without its text (see pageBreakBefore in pdf.ts).
        out.push({ text: inlines(heading.tokens), style: headingStyles[heading.depth - 1] ?? 'h4', headlineLevel: 1 });
        break;
      }
      case 'paragraph':
        out.push({ text: inlines((token as Tokens.Paragraph).tokens), margin: [0, 0, 0, gap] });
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out.push({ text: text.tokens?.length ? inlines(text.tokens) : printable(text.text), margin: [0, 0, 0, gap] });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const items = list.items.map((item) => listItem(item, width));
        out.push(
          list.ordered
            ? { ol: items, start: typeof list.start === 'number' ? list.start : 1, margin: [0, 0, 0, 6] }
            : { ul: items, margin: [0, 0, 0, 6] },
        );
        break;
      }
      case 'table':
        out.push(table(token as Tokens.Table));
        break;
      case 'code':
        out.push({
          table: { widths: ['*'], body: [[{ text: printable((token as Tokens.Code).text), preserveLeadingSpaces: true, style: 'code' }]] },
          layout: {
            fillColor: () => pdfColors.codeBackground,
            hLineWidth: () => 0,
            vLineWidth: () => 0,
            paddingLeft: () => 8,
            paddingRight: () => 8,
            paddingTop: () => 6,
            paddingBottom: () => 6,
          },
          margin: [0, 2, 0, 8],
        });
        break;
      case 'blockquote':
        out.push({
          table: { widths: ['*'], body: [[{ stack: blocks((token as Tokens.Blockquote).tokens, width - 12), color: pdfColors.muted, italics: true }]] },
          layout: {
            hLineWidth: () => 0,
            vLineWidth: (i: number) => (i === 0 ? 2 : 0),
            vLineColor: () => pdfColors.accent,
            paddingLeft: () => 10,
            paddingRight: () => 0,
            paddingTop: () => 2,
            paddingBottom: () => 0,
          },
          margin: [0, 2, 0, 6],
        });
        break;
      case 'hr':
        // Short and centred, so it does not read as the line between two messages.
        out.push({ canvas: [{ type: 'line', x1: width * 0.4, y1: 0, x2: width * 0.6, y2: 0, lineWidth: 0.75, lineColor: pdfColors.rule }], margin: [0, 6, 0, 12] });
        break;
      case 'html':
        out.push({ text: printable((token as Tokens.HTML).text.replace(/<[^>]*>/g, '')), margin: [0, 0, 0, gap] });
        break;
      default:
        if ('text' in token && typeof token.text === 'string') out.push({ text: printable(token.text), margin: [0, 0, 0, gap] });
    }
  }
  return out;
}

/** `width` is the width of the text column in points (for rules). */
export function markdownToPdfContent(markdown: string, width: number): Content[] {
  return blocks(new Lexer({ gfm: true }).lex(limitMarkdownNesting(markdown)), width);
}
