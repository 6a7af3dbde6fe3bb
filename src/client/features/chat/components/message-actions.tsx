import { BookmarkPlus, Check, Copy, Pencil, RefreshCw, Square, ThumbsDown, ThumbsUp, Trash2, Users, Volume2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { chatText } from '#contract/chat-text.ts';
import type { ChatMessageDto } from '#contract/chat.ts';
import { decisionsText } from '#contract/decisions-text.ts';
import { executiveRoles } from '#contract/roles.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx';
import { cn } from '#client/lib/class-names.ts';
import { useCopiedFlag } from '../hooks/use-copied-flag.ts';
import { useIsReading } from '../hooks/use-read-reply.ts';
import type { FeedbackAction } from '../logic/chat-rules.ts';

export interface MessageHandlers {
  rate: (message: ChatMessageDto, action: FeedbackAction) => void;
  copy: (message: ChatMessageDto) => Promise<boolean>;
  remove: (message: ChatMessageDto) => void;
  stop: (message: ChatMessageDto) => void;
  retry: (message: ChatMessageDto) => void;
  /** A finished reply written again as a different take (issue 14, point 4). */
  regenerate?: (message: ChatMessageDto) => void;
  /** The last question back in the composer, to change and send again. */
  edit?: (message: ChatMessageDto) => void;
  /** "Ask another executive" (issue 14, point 3): Premium chooses one; others are shown the upgrade. */
  secondOpinion?: { premium: boolean; ask: (message: ChatMessageDto, executiveRole: string) => void; showUpgrade: () => void };
  /** "Save decision" (issue 14, point 6; decision 034): a finished reply into the decision log. */
  saveDecision?: (message: ChatMessageDto) => void;
  /** "Read aloud" on a finished reply (issue 29, point 17); "Stop reading" while it is read. */
  readAloud?: (message: ChatMessageDto) => void;
}

function ActionButton({ label, pressed, className, ...props }: ComponentProps<'button'> & { label: string; pressed?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={cn(
        'inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Assistant replies: like, dislike, copy, regenerate, delete. The user's own messages: copy, delete, and
 * for the last question, edit (`editable`).
 */
export function MessageActions({ message, handlers, className, editable = false }: { message: ChatMessageDto; handlers: MessageHandlers; className?: string; editable?: boolean }) {
  const [copied, setCopied] = useCopiedFlag();

  const isReply = message.role === 'assistant';
  const streaming = message.status === 'streaming';
  return (
    <div className={cn('flex items-center gap-0.5', className)} role="group" aria-label="Message actions">
      {isReply ? (
        <>
          <ActionButton
            label="Like"
            pressed={message.like === 1}
            disabled={streaming}
            className={cn(message.like === 1 && 'text-success hover:text-success')}
            onClick={() => handlers.rate(message, 'like')}
          >
            <ThumbsUp className={cn(message.like === 1 && 'fill-current')} aria-hidden />
          </ActionButton>
          <ActionButton
            label="Dislike"
            pressed={message.dislike === -1}
            disabled={streaming}
            className={cn(message.dislike === -1 && 'text-destructive hover:text-destructive')}
            onClick={() => handlers.rate(message, 'dislike')}
          >
            <ThumbsDown className={cn(message.dislike === -1 && 'fill-current')} aria-hidden />
          </ActionButton>
        </>
      ) : null}
      <ActionButton
        label={copied ? 'Copied' : 'Copy'}
        disabled={streaming || !message.content}
        onClick={() => void handlers.copy(message).then((ok) => setCopied(ok))}
      >
        {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
      </ActionButton>
      {isReply && handlers.readAloud && message.status !== 'streaming' && message.content ? <ReadAloudButton message={message} read={handlers.readAloud} /> : null}
      {isReply && handlers.secondOpinion && message.status === 'complete' ? <SecondOpinionButton message={message} secondOpinion={handlers.secondOpinion} /> : null}
      {isReply && handlers.saveDecision && message.status === 'complete' ? (
        <ActionButton label={decisionsText.saveAction} onClick={() => handlers.saveDecision?.(message)}>
          <BookmarkPlus aria-hidden />
        </ActionButton>
      ) : null}
      {isReply && handlers.regenerate && message.status === 'complete' ? (
        <ActionButton label="Regenerate" onClick={() => handlers.regenerate?.(message)}>
          <RefreshCw aria-hidden />
        </ActionButton>
      ) : null}
      {!isReply && editable && handlers.edit ? (
        <ActionButton label="Edit" onClick={() => handlers.edit?.(message)}>
          <Pencil aria-hidden />
        </ActionButton>
      ) : null}
      <ActionButton label="Delete" onClick={() => handlers.remove(message)} className="hover:text-destructive">
        <Trash2 aria-hidden />
      </ActionButton>
    </div>
  );
}

function ReadAloudButton({ message, read }: { message: ChatMessageDto; read: (message: ChatMessageDto) => void }) {
  const reading = useIsReading(message.id);
  return (
    <ActionButton label={reading ? chatText.readAloudReply.stop : chatText.readAloudReply.read} pressed={reading} className={cn(reading && 'text-foreground')} onClick={() => read(message)}>
      {reading ? <Square className="fill-current" aria-hidden /> : <Volume2 aria-hidden />}
    </ActionButton>
  );
}

/** Premium: a menu of the other executives; others: the upgrade dialog. */
function SecondOpinionButton({ message, secondOpinion }: { message: ChatMessageDto; secondOpinion: NonNullable<MessageHandlers['secondOpinion']> }) {
  const label = chatText.secondOpinion.label;
  if (!secondOpinion.premium) {
    return (
      <ActionButton label={label} onClick={secondOpinion.showUpgrade}>
        <Users aria-hidden />
      </ActionButton>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <ActionButton label={label}>
          <Users aria-hidden />
        </ActionButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-[min(22rem,60dvh)] overflow-y-auto">
        <DropdownMenuLabel>{chatText.secondOpinion.menuLabel}</DropdownMenuLabel>
        {executiveRoles
          .filter((role) => role !== message.executiveRole)
          .map((role) => (
            <DropdownMenuItem key={role} onSelect={() => secondOpinion.ask(message, role)}>
              {role}
            </DropdownMenuItem>
          ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
