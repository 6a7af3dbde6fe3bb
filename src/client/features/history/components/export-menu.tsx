import { ClipboardCopy, FileDown, FileText, LoaderCircle, Lock, Share } from 'lucide-react';
import { useState } from 'react';
import { historyText, memoText, type MemoFormat } from '#contract/history-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx';
import { notify } from '#client/lib/notify.ts';
import { exportConversationMarkdown, exportConversationPdf, exportDecisionMemo } from '../api/export-conversation.ts';
import { saveBlob } from '#client/lib/download.ts';

interface Props {
  sessionId: string | null;
  isPremium: boolean;
  onUpgrade: () => void;
  disabled?: boolean;
}

function PremiumTag() {
  return <span className="ml-auto pl-3 text-[0.6875rem] font-semibold text-accent-foreground">Premium</span>;
}

/**
 * Export (spec section 2, Premium): the server writes the conversation as Markdown (copied to the
 * clipboard) or as a PDF (downloaded). Others see the items and are offered the upgrade.
 */
export function ConversationExportMenu({ sessionId, isPremium, onUpgrade, disabled = false }: Props) {
  const [busy, setBusy] = useState<'markdown' | 'pdf' | `memo-${MemoFormat}` | null>(null);
  const unavailable = disabled || !sessionId;

  const copyMarkdown = async () => {
    if (!isPremium) return onUpgrade();
    if (!sessionId) return;
    setBusy('markdown');
    try {
      // Safari keeps the clipboard permission only within the gesture: hand it a promise of the text.
      const text = exportConversationMarkdown(sessionId);
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write && /^((?!chrome|android).)*safari/i.test(navigator.userAgent)) {
        await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
      } else {
        await navigator.clipboard.writeText(await text);
      }
      notify({ ...historyText.copied, variant: 'success' });
    } catch {
      notify({ ...historyText.copyFailed, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const downloadPdf = async () => {
    if (!isPremium) return onUpgrade();
    if (!sessionId) return;
    setBusy('pdf');
    try {
      const { blob, fileName } = await exportConversationPdf(sessionId);
      saveBlob(blob, fileName);
      notify({ ...historyText.pdfDownloaded(fileName), variant: 'success' });
    } catch {
      notify({ ...historyText.exportFailed, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  // The decision memo (issue 14, point 5): the model writes it from the conversation, so it takes a few seconds.
  const downloadMemo = async (format: MemoFormat) => {
    if (!isPremium) return onUpgrade();
    if (!sessionId) return;
    setBusy(`memo-${format}`);
    try {
      const { blob, fileName } = await exportDecisionMemo(sessionId, format);
      saveBlob(blob, fileName);
      notify({ ...memoText.downloaded(fileName), variant: 'success' });
    } catch {
      notify({ ...memoText.failed, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  // The menu closes on a choice: the button itself says what is being made until the file is there (issue 29, point 11).
  const working = busy === 'pdf' ? historyText.pdfPreparing : busy?.startsWith('memo-') ? memoText.preparing : null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className={working ? 'max-sm:size-9 max-sm:px-0 disabled:opacity-100' : 'max-sm:size-9 max-sm:px-0'} aria-label={working ?? 'Export conversation'} disabled={unavailable || working !== null} aria-busy={busy !== null}>
          {working ? <LoaderCircle className="animate-spin" aria-hidden /> : <Share aria-hidden />}
          <span className="hidden sm:inline">{working ?? 'Export'}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Export this conversation</DropdownMenuLabel>
        <DropdownMenuItem disabled={busy !== null} onSelect={() => void copyMarkdown()}>
          {isPremium ? <ClipboardCopy aria-hidden /> : <Lock aria-hidden />}
          Copy conversation as Markdown
          {isPremium ? null : <PremiumTag />}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={busy !== null} onSelect={() => void downloadPdf()}>
          {isPremium ? <FileDown aria-hidden /> : <Lock aria-hidden />}
          {busy === 'pdf' ? historyText.pdfPreparing : 'Download PDF'}
          {isPremium ? null : <PremiumTag />}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={busy !== null} onSelect={() => void downloadMemo('pdf')}>
          {isPremium ? <FileText aria-hidden /> : <Lock aria-hidden />}
          {busy === 'memo-pdf' ? memoText.preparing : memoText.menuPdf}
          {isPremium ? null : <PremiumTag />}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={busy !== null} onSelect={() => void downloadMemo('md')}>
          {isPremium ? <FileDown aria-hidden /> : <Lock aria-hidden />}
          {busy === 'memo-md' ? memoText.preparing : memoText.menuMarkdown}
          {isPremium ? null : <PremiumTag />}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
