/**
 * What goes on the clipboard when something is copied from a reply (issue 14, defect 10): HTML with
 * inline styles (pasted HTML carries no stylesheet) and plain text, for both clipboard types. A whole
 * reply is converted by reply-rich-copy.ts, loaded when it is copied.
 */
export interface RichText {
  html: string;
  text: string;
}

export const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const cellStyle = 'border:1px solid #d5d9e0;padding:4px 8px;text-align:left;vertical-align:top';

/** A table read from the page (its header row first), as HTML and as tab-separated text. */
export function tableToRichText(rows: string[][]): RichText {
  const [header = [], ...body] = rows;
  const head = header.map((cell) => `<th style="${cellStyle};background:#eef1f5">${escapeHtml(cell)}</th>`).join('');
  const cells = body.map((row) => `<tr>${row.map((cell) => `<td style="${cellStyle}">${escapeHtml(cell)}</td>`).join('')}</tr>`).join('');
  return {
    html: `<table style="border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:14px"><thead><tr>${head}</tr></thead><tbody>${cells}</tbody></table>`,
    text: rows.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()).join('\t')).join('\n'),
  };
}

/** A code block, as preformatted HTML and as its exact text. */
export function codeToRichText(code: string): RichText {
  return { html: `<pre style="font-family:monospace;background:#f2f4f7;padding:8px">${escapeHtml(code)}</pre>`, text: code };
}

/**
 * Puts both types on the clipboard; where the browser cannot (no ClipboardItem), the plain text alone.
 * The content may still be on its way (a converter loading): the clipboard is asked at once, inside
 * the click, with promised blobs, as Safari requires.
 */
export async function writeRichText(content: RichText | Promise<RichText>): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard.write) {
    await navigator.clipboard.writeText((await content).text);
    return;
  }
  const ready = Promise.resolve(content);
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/html': ready.then(({ html }) => new Blob([html], { type: 'text/html' })),
      'text/plain': ready.then(({ text }) => new Blob([text], { type: 'text/plain' })),
    }),
  ]);
}
