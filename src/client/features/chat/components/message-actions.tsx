import { Check, Copy, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { cn } from '#client/lib/class-names.ts';
import type { FeedbackAction } from '../logic/chat-rules.ts';

export interface MessageHandlers {
  rate: (message: ChatMessageDto, action: FeedbackAction) => void;
  copy: (message: ChatMessageDto) => Promise<boolean>;
  remove: (message: ChatMessageDto) => void;
  stop: (message: ChatMessageDto) => void;
  retry: (message: ChatMessageDto) => void;
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

/** Assistant replies: like, dislike, copy, delete. The user's own messages: copy and delete. */
export function MessageActions({ message, handlers, className }: { message: ChatMessageDto; handlers: MessageHandlers; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

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
      <ActionButton label="Delete" onClick={() => handlers.remove(message)} className="hover:text-destructive">
        <Trash2 aria-hidden />
      </ActionButton>
    </div>
  );
}
