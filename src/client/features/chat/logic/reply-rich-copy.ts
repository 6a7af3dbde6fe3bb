import { Lexer, type Token, type Tokens } from 'marked';
import { limitMarkdownNesting } from '#contract/markdown-depth.ts';
import { cellStyle, escapeHtml, type RichText } from './rich-copy.ts';

const isSafeLink = (href: string) => /^(https?:|mailto:)/i.test(href.trim());

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };
/** marked escapes text tokens' special characters; plain text wants them back. */
const unescape = (value: string) => value.replace(/&(#39|[a-z]+);/gi, (whole, name: string) => entities[name.toLowerCase()] ?? whole);

function inlineHtml(tokens: Token[] | undefined): string {
  let out = '';
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out += `<strong>${inlineHtml((token as Tokens.Strong).tokens)}</strong>`;
        break;
      case 'em':
        out += `<em>${inlineHtml((token as Tokens.Em).tokens)}</em>`;
        break;
      case 'del':
        out += `<del>${inlineHtml((token as Tokens.Del).tokens)}</del>`;
        break;
      case 'codespan':
        out += `<code style="font-family:monospace">${escapeHtml(unescape((token as Tokens.Codespan).text))}</code>`;
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const inner = inlineHtml(link.tokens);
        out += isSafeLink(link.href) ? `<a href="${escapeHtml(link.href.trim())}">${inner}</a>` : inner;
        break;
      }
      case 'image':
        out += escapeHtml(`[${(token as Tokens.Image).text || 'image'}]`);
        break;
      case 'br':
        out += '<br>';
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out += text.tokens?.length ? inlineHtml(text.tokens) : escapeHtml(unescape(text.text));
        break;
      }
      default:
        out += escapeHtml(unescape(token.raw));
    }
  }
  return out;
}

function inlineText(tokens: Token[] | undefined): string {
  let out = '';
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
      case 'em':
      case 'del':
        out += inlineText((token as Tokens.Strong).tokens);
        break;
      case 'codespan':
        out += unescape((token as Tokens.Codespan).text);
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const label = inlineText(link.tokens);
        out += isSafeLink(link.href) && label !== link.href ? `${label} (${link.href.trim()})` : label;
        break;
      }
      case 'image':
        out += `[${(token as Tokens.Image).text || 'image'}]`;
        break;
      case 'br':
        out += '\n';
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out += text.tokens?.length ? inlineText(text.tokens) : unescape(text.text);
        break;
      }
      default:
        out += unescape(token.raw);
    }
  }
  return out;
}

function blocksHtml(tokens: Token[]): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'space':
        case 'def':
          return '';
        case 'heading': {
          const heading = token as Tokens.Heading;
          const level = Math.min(6, Math.max(2, heading.depth + 1));
          return `<h${level}>${inlineHtml(heading.tokens)}</h${level}>`;
        }
        case 'paragraph':
          return `<p>${inlineHtml((token as Tokens.Paragraph).tokens)}</p>`;
        case 'text': {
          const text = token as Tokens.Text;
          return text.tokens?.length ? inlineHtml(text.tokens) : escapeHtml(unescape(text.text));
        }
        case 'list': {
          const list = token as Tokens.List;
          const tag = list.ordered ? 'ol' : 'ul';
          const start = list.ordered && typeof list.start === 'number' && list.start !== 1 ? ` start="${list.start}"` : '';
          const items = list.items.map((item) => `<li>${item.task ? (item.checked ? '[x] ' : '[ ] ') : ''}${blocksHtml(item.tokens)}</li>`).join('');
          return `<${tag}${start}>${items}</${tag}>`;
        }
        case 'table':
          return tableHtml(token as Tokens.Table);
        case 'blockquote':
          return `<blockquote style="border-left:3px solid #b8862b;margin:0;padding-left:12px;color:#5b6474">${blocksHtml((token as Tokens.Blockquote).tokens)}</blockquote>`;
        case 'code':
          return `<pre style="font-family:monospace;background:#f2f4f7;padding:8px">${escapeHtml((token as Tokens.Code).text)}</pre>`;
        case 'hr':
          return '<hr>';
        case 'html':
          return `<p>${escapeHtml((token as Tokens.HTML).text)}</p>`;
        default:
          return 'text' in token && typeof token.text === 'string' ? `<p>${escapeHtml(token.text)}</p>` : '';
      }
    })
    .join('');
}

function tableHtml(table: Tokens.Table): string {
  const head = table.header.map((cell) => `<th style="${cellStyle};background:#eef1f5">${inlineHtml(cell.tokens)}</th>`).join('');
  const rows = table.rows.map((row) => `<tr>${row.map((cell) => `<td style="${cellStyle}">${inlineHtml(cell.tokens)}</td>`).join('')}</tr>`).join('');
  return `<table style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function tableText(table: Tokens.Table): string {
  // Tab-separated: pasted into a spreadsheet it lands in cells, pasted into an e-mail it reads as columns.
  return [table.header, ...table.rows].map((row) => row.map((cell) => inlineText(cell.tokens).replace(/\s+/g, ' ').trim()).join('\t')).join('\n');
}

function blocksText(tokens: Token[], indent = ''): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'def':
        break;
      case 'heading':
        out.push(indent + inlineText((token as Tokens.Heading).tokens));
        break;
      case 'paragraph':
        out.push(indent + inlineText((token as Tokens.Paragraph).tokens).replace(/\n/g, `\n${indent}`));
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out.push(indent + (text.tokens?.length ? inlineText(text.tokens) : unescape(text.text)));
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        const lines = list.items.map((item, index) => {
          const mark = list.ordered ? `${start + index}. ` : '• ';
          const [first = '', ...rest] = blocksText(item.tokens, `${indent}   `);
          const task = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
          return [`${indent}${mark}${task}${first.trimStart()}`, ...rest].join('\n');
        });
        out.push(lines.join('\n'));
        break;
      }
      case 'table':
        out.push(tableText(token as Tokens.Table));
        break;
      case 'blockquote':
        out.push(...blocksText((token as Tokens.Blockquote).tokens, `${indent}  `));
        break;
      case 'code':
        out.push((token as Tokens.Code).text);
        break;
      case 'hr':
        out.push(`${indent}———`);
        break;
      case 'html':
        out.push(indent + (token as Tokens.HTML).text.trim());
        break;
      default:
        if ('text' in token && typeof token.text === 'string') out.push(indent + token.text);
    }
  }
  return out;
}

/**
 * A reply as an e-mail or a document wants it (issue 14, defect 10): formatted HTML with inline styles
 * (pasted HTML carries no stylesheet) and readable plain text with no Markdown marks. Raw HTML in a
 * reply is copied as its text, never as markup; only web and mail links stay links. Loaded when a
 * reply is copied (marked is its own chunk, not part of the chat screen's first load).
 */
export function markdownToRichText(markdown: string): RichText {
  const tokens = new Lexer({ gfm: true }).lex(limitMarkdownNesting(markdown));
  return {
    html: `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45">${blocksHtml(tokens)}</div>`,
    text: blocksText(tokens).join('\n\n').trim(),
  };
}
