import { CitationSup, useCitationNumbers } from '#client/components/advisor-tools/citations.tsx';
import { DemoNote } from '#client/components/advisor-tools/demo-note.tsx';
import { ArrowRightLeft, Gauge, ShieldAlert } from 'lucide-react';
import { memo } from 'react';
import type { Components } from 'react-markdown';
import { splitDemoMarker } from '#contract/demo-marker.ts';
import { roundtableText } from '#contract/roundtable-text.ts';
import type { Stance } from '#contract/roundtable.ts';
import { GfmMarkdown } from '#client/components/markdown/lazy-markdown.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/class-names.ts';
import { seatColour, seatInitials } from '../logic/seat-style.ts';

/** An executive's seat mark: their initials on their own colour. */
export function SeatAvatar({ role, size = 'md', speaking = false }: { role: string; size?: 'sm' | 'md'; speaking?: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-bold tracking-wide shadow-sm',
        size === 'sm' ? 'size-7 text-[0.5625rem]' : 'size-10 text-[0.6875rem]',
        seatColour(role),
        speaking && 'ring-2 ring-brand ring-offset-2 ring-offset-background motion-safe:animate-pulse',
      )}
    >
      {seatInitials(role)}
    </span>
  );
}

/** A seat's stance in a chip: its position, confidence and main risk; it turns amber when the seat changed its mind. */
export function StanceChip({ stance, seat, compact = false }: { stance: Stance; seat: string; compact?: boolean }) {
  const changed = stance.changed;
  return (
    <div
      data-testid="stance-chip"
      data-seat={seat}
      data-changed={changed ? 'true' : 'false'}
      className={cn(
        'flex max-w-full flex-col gap-1 rounded-lg border px-2.5 py-1.5 text-xs transition-colors',
        changed ? 'border-amber-500/70 bg-amber-500/10 text-amber-950 dark:text-amber-100' : 'border-border bg-muted/60 text-foreground',
      )}
    >
      <span className={cn('font-semibold leading-snug', compact && 'line-clamp-2')}>{stance.position}</span>
      <span className="flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-[0.6875rem] text-muted-foreground">
        {changed ? (
          <span className="inline-flex items-center gap-1 font-semibold text-amber-700 dark:text-amber-300">
            <ArrowRightLeft className="size-3" aria-hidden />
            {roundtableText.stanceChanged}
          </span>
        ) : null}
        {stance.confidence ? (
          <span className="inline-flex items-center gap-1">
            <Gauge className="size-3" aria-hidden />
            {roundtableText.confidence(stance.confidence)}
          </span>
        ) : null}
        {stance.risk && !compact ? (
          <span className="inline-flex items-center gap-1">
            <ShieldAlert className="size-3" aria-hidden />
            {roundtableText.mainRisk}: {stance.risk}
          </span>
        ) : null}
      </span>
      {changed && stance.movedBy && !compact ? <span className="text-[0.6875rem] italic text-muted-foreground">Moved by {stance.movedBy}</span> : null}
    </div>
  );
}

const turnComponents: Components = { h1: 'h3', h2: 'h3', img: ({ alt }) => <span>[{alt || 'image'}]</span>, sup: CitationSup };

/** A turn's words: GitHub-flavoured Markdown, no raw HTML (as the chat's replies). */
export const TurnMarkdown = memo(function TurnMarkdown({ content }: { content: string }) {
  // A demo turn's line for users shows as the chat shows it on a demo reply: a small labelled note (issue 31, point 6).
  const { isDemo, body } = splitDemoMarker(content, true);
  return (
    <>
      {isDemo ? <DemoNote /> : null}
      <TurnBody content={body} />
    </>
  );
});

const TurnBody = memo(function TurnBody({ content }: { content: string }) {
  // A seat's `[n]` that names one of its sources opens it, as in a reply (issue 32, point 3).
  const citations = useCitationNumbers();
  return (
    <div className="rt-markdown text-[0.9375rem] leading-relaxed break-words text-foreground [&_h2]:mt-4 [&_h2]:mb-1.5 [&_h2]:text-[0.95rem] [&_h2]:font-semibold [&_h2:first-child]:mt-0 [&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:text-[0.9rem] [&_h3]:font-semibold [&_h3:first-child]:mt-0 [&_li]:pl-1 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_table]:my-3 [&_table]:w-full [&_table]:text-sm [&_td]:border-b [&_td]:px-2 [&_td]:py-1 [&_th]:border-b [&_th]:px-2 [&_th]:py-1 [&_th]:text-left">
      {/* Until the Markdown renderer is here (it is preloaded with the conversation), never the words unformatted. */}
      <GfmMarkdown content={content} components={turnComponents} fallback={<Spinner label="Loading the roundtable" />} citations={citations} />
    </div>
  );
});
