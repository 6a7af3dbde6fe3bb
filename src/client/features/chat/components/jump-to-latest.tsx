import { ArrowDown } from 'lucide-react';
import { chatText } from '#contract/chat-text.ts';

/**
 * Shown while the reader is scrolled up from the end of the transcript (issue 14, defect 9): takes them
 * back to the latest message, and while a reply is being written says that new text is arriving below.
 * It takes its own row under the transcript, over none of its text (issue 29, point 12).
 */
export function JumpToLatest({ visible, writer, onJump }: { visible: boolean; writer: string | null; onJump: () => void }) {
  if (!visible) return null;
  return (
    <div className="flex shrink-0 justify-center border-t bg-background px-3 py-1.5">
      <button
        type="button"
        onClick={onJump}
        className="inline-flex max-w-full cursor-pointer items-center gap-2 rounded-full border bg-card px-3.5 py-1.5 text-xs font-medium text-foreground shadow-xs transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="jump-to-latest"
      >
        {writer ? (
          <>
            <span className="size-2 shrink-0 animate-pulse rounded-full bg-brand" aria-hidden />
            <span className="truncate">{chatText.jumpToLatest.arriving(writer)}</span>
            <span aria-hidden className="text-muted-foreground">·</span>
          </>
        ) : null}
        <span className="shrink-0">{chatText.jumpToLatest.label}</span>
        <ArrowDown className="size-3.5 shrink-0" aria-hidden />
      </button>
    </div>
  );
}
