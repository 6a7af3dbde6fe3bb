import { AlertTriangle, ArrowLeftRight, RotateCcw } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { chatText } from '#contract/chat-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/class-names.ts';
import { splitDemoMarker } from '#contract/demo-marker.ts';
import { MessageActions, type MessageHandlers } from './message-actions.tsx';
import { MessageMarkdown } from './message-markdown.tsx';
import { SourceList } from '#client/components/advisor-tools/source-list.tsx';
import { CitationScope } from '#client/components/advisor-tools/citations.tsx';
import { DemoNote } from '#client/components/advisor-tools/demo-note.tsx';
import { ToolActivityList } from '#client/components/advisor-tools/tool-activity.tsx';
import { TypingDots } from './typing-indicator.tsx';

/**
 * One formatter for every message: toLocaleTimeString builds a new Intl.DateTimeFormat on each call, which
 * was a tenth of the time to render a conversation's latest 50 messages (issue 18, decision 042). The first
 * one of a page also loads the locale's data (tens of milliseconds): it is made in a task of its own as soon
 * as this module (the transcript's chunk, asked for when a conversation opens) is here, while the messages
 * are usually still on their way, not while they render.
 */
let timeFormat: Intl.DateTimeFormat | undefined;
const timeFormatter = () => (timeFormat ??= new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }));
setTimeout(timeFormatter, 0);

function time(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : timeFormatter().format(date);
}

/** A context change: a quiet, centred note between the messages. */
export function SystemNote({ message }: { message: Pick<ChatMessageDto, 'content'> }) {
  return (
    <div className="flex justify-center py-1" data-testid="system-message">
      <p className="inline-flex max-w-full items-center gap-2 rounded-full border bg-muted/60 px-3.5 py-1.5 text-center text-xs text-muted-foreground">
        <ArrowLeftRight className="size-3.5 shrink-0" aria-hidden />
        <span>{message.content}</span>
      </p>
    </div>
  );
}

/** `pendingNote`: what a message not yet sent is waiting for (default 'Sending…'). */
function UserMessageView({
  message,
  handlers,
  documents,
  pendingNote,
  editable,
}: {
  message: ChatMessageDto;
  handlers?: MessageHandlers;
  documents?: ReactNode;
  pendingNote?: string;
  /** The last question: it can be edited and sent again. */
  editable?: boolean;
}) {
  return (
    <article className="group flex flex-col items-end gap-1" aria-label="Your message" data-testid="user-message">
      <div className="max-w-[88%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-[0.9375rem] leading-relaxed whitespace-pre-wrap break-words text-primary-foreground shadow-sm sm:max-w-[80%]">
        {message.content}
      </div>
      {documents}
      {handlers ? (
        <div className="flex items-center gap-2 transition-opacity md:opacity-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100">
          <span className="text-xs text-muted-foreground">{time(message.timestamp)}</span>
          <MessageActions message={message} handlers={handlers} editable={editable} />
        </div>
      ) : (
        <span className="text-xs text-muted-foreground">{pendingNote ?? 'Sending…'}</span>
      )}
    </article>
  );
}

/** Memoised: a transcript re-renders with the screen (usage, follow-ups, a reply streaming), its settled rows need not. */
export const UserMessage = memo(UserMessageView);

/** The advisor's mark: the role's initials on brass. */
export function AdvisorAvatar({ role, className }: { role: string; className?: string }) {
  const initials = role.length <= 4 ? role : role.split(/\s+/).map((w) => w[0]).join('').slice(0, 3);
  return (
    <span
      aria-hidden
      className={cn(
        'mt-0.5 size-9 shrink-0 items-center justify-center rounded-full bg-primary text-[0.625rem] font-bold tracking-wide text-brand ring-1 ring-brand/40 dark:bg-secondary',
        className ?? 'flex',
      )}
    >
      {initials}
    </span>
  );
}

/** `secondOpinion`: the reply is another executive's one-off answer ("Ask another executive", decision 060). */
function AssistantMessageView({ message, handlers, secondOpinion }: { message: ChatMessageDto; handlers: MessageHandlers; secondOpinion?: boolean }) {
  const streaming = message.status === 'streaming';
  const { isDemo, body } = splitDemoMarker(message.content, streaming);
  const advisor = message.executiveRole ?? 'Advisor';
  const tools = message.tools ?? [];
  const waiting = streaming && !body;
  return (
    <article
      className="flex gap-3"
      aria-label={secondOpinion ? chatText.secondOpinion.replyLabel(advisor) : `Reply from ${advisor}`}
      aria-busy={streaming}
      data-testid="assistant-message"
      data-status={message.status}
    >
      <AdvisorAvatar role={advisor} className="hidden sm:flex" />
      <div className="min-w-0 flex-1">
        <header className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <AdvisorAvatar role={advisor} className="mt-0 flex size-7 text-[0.5625rem] sm:hidden" />
          <h2 className="text-xs font-semibold text-foreground">{advisor}</h2>
          {secondOpinion ? (
            <span className="inline-flex items-center gap-1 rounded-full border bg-muted px-2 py-0.5 text-[0.6875rem] font-semibold text-foreground" data-testid="second-opinion-badge">
              <ArrowLeftRight className="size-3" aria-hidden />
              {chatText.secondOpinion.badge}
            </span>
          ) : null}
          {message.timestamp ? <span>{time(message.timestamp)}</span> : null}
        </header>
        <div className="rounded-2xl rounded-tl-md border bg-card px-4 py-3 shadow-xs sm:px-5 sm:py-4">
          <CitationScope tools={tools}>
          {isDemo ? <DemoNote /> : null}
          {tools.length > 0 ? <ToolActivityList tools={tools} /> : null}
          {waiting && tools.some((tool) => tool.status === 'running') ? null : waiting ? (
            <TypingDots label={`${advisor} is thinking`} />
          ) : (
            // Until the Markdown renderer is here (rare: it is preloaded), the dots of a reply on its way.
            <MessageMarkdown content={body} streaming={streaming} fallback={<TypingDots label={`${advisor} is thinking`} />} />
          )}
          {streaming && body ? <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse rounded-sm bg-brand align-text-bottom" aria-hidden /> : null}
          {tools.length > 0 && body ? <SourceList tools={tools} /> : null}
          </CitationScope>
          {message.status === 'failed' ? (
            <div role="alert" className="mt-3 flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{message.error ?? 'The reply could not be written.'}</span>
            </div>
          ) : null}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {message.status === 'failed' || message.status === 'stopped' ? (
            <>
              {message.status === 'stopped' ? <span className="text-xs text-muted-foreground">Reply stopped</span> : null}
              <Button variant="outline" size="sm" onClick={() => handlers.retry(message)}>
                <RotateCcw aria-hidden />
                Retry
              </Button>
            </>
          ) : null}
          <MessageActions message={message} handlers={handlers} className="-ml-1.5" />
        </div>
      </div>
    </article>
  );
}

export const AssistantMessage = memo(AssistantMessageView);

/** Where the reply will appear, while the message is still being sent. */
export function ReplyPlaceholder({ advisor }: { advisor: string }) {
  return (
    <div className="flex gap-3" data-testid="reply-placeholder">
      <AdvisorAvatar role={advisor} className="hidden sm:flex" />
      <div className="min-w-0 flex-1">
        <p className="mb-1.5 text-xs font-semibold">{advisor}</p>
        <div className="inline-block rounded-2xl rounded-tl-md border bg-card px-4 py-2 shadow-xs">
          <TypingDots label={`${advisor} is thinking`} />
        </div>
      </div>
    </div>
  );
}
