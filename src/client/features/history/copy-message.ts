import { historyText } from '#contract/history.ts';
import { notify } from '#client/lib/notify.ts';

/**
 * Copies one message as Markdown (a message's text is Markdown already) and says how it went:
 * 'Copy failed' (spec section 8) when the clipboard refuses. For the chat screen's message actions,
 * composed in src/client/app like the export menu.
 */
export async function copyMessageAsMarkdown(content: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(content.trim());
    notify({ title: 'Message copied', description: 'The message is on your clipboard as Markdown.', variant: 'success' });
    return true;
  } catch {
    notify({ ...historyText.copyFailed, variant: 'destructive' });
    return false;
  }
}
