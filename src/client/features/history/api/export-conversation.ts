import { exportMarkdownPath, exportMemoPath, exportPdfPath, type MemoFormat } from '#contract/history-text.ts';
import { fetchExport, fetchExportFile } from '#client/lib/download.ts';

/** GET .../export/markdown: the conversation as Markdown text. */
export async function exportConversationMarkdown(sessionId: string): Promise<string> {
  return (await fetchExport(exportMarkdownPath(sessionId))).text();
}

/** GET .../export/pdf: the PDF bytes and the file name the server gave them. */
export function exportConversationPdf(sessionId: string): Promise<{ blob: Blob; fileName: string }> {
  return fetchExportFile(exportPdfPath(sessionId), 'conversation.pdf');
}

/** GET .../export/memo?format=: the decision memo the model writes from the conversation, as a file to save. */
export function exportDecisionMemo(sessionId: string, format: MemoFormat): Promise<{ blob: Blob; fileName: string }> {
  return fetchExportFile(exportMemoPath(sessionId), `decision-memo.${format}`, [`format=${format}`]);
}
