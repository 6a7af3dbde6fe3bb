import { exportMarkdownPath, exportMemoPath, exportPdfPath, type MemoFormat } from '#contract/history-text.ts';
import { ApiError, apiHeaders } from '#client/lib/api-client.ts';

/** The reader's IANA time zone, so the export's times read as on their screen. */
function timeZoneQuery(): string {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz ? `tz=${encodeURIComponent(tz)}` : '';
}

async function fetchExport(path: string, query: string[] = []): Promise<Response> {
  const params = [...query, timeZoneQuery()].filter(Boolean).join('&');
  const response = await fetch(params ? `${path}?${params}` : path, { headers: apiHeaders(), credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${response.statusText}`);
  return response;
}

/** GET .../export/markdown: the conversation as Markdown text. */
export async function exportConversationMarkdown(sessionId: string): Promise<string> {
  return (await fetchExport(exportMarkdownPath(sessionId))).text();
}

/** The file name from `Content-Disposition` (RFC 6266: filename* first, then filename), else the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed escapes: try the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/** GET .../export/pdf: the PDF bytes and the file name the server gave them. */
export async function exportConversationPdf(sessionId: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchExport(exportPdfPath(sessionId));
  return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('content-disposition'), 'conversation.pdf') };
}

/** GET .../export/memo?format=: the decision memo the model writes from the conversation, as a file to save. */
export async function exportDecisionMemo(sessionId: string, format: MemoFormat): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchExport(exportMemoPath(sessionId), [`format=${format}`]);
  return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('content-disposition'), `decision-memo.${format}`) };
}
