import { ArrowUp, Keyboard, Mic, MicOff, Pencil, Square, WifiOff, X } from 'lucide-react';
import { useLayoutEffect, useRef, type Dispatch, type KeyboardEvent, type ReactNode, type SetStateAction } from 'react';
import { chatText, MAX_MESSAGE_LENGTH } from '#contract/chat-text.ts';
import { offlineText } from '#contract/pwa.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/class-names.ts';
import { prepareForReply } from '../logic/prepare-reply.ts';
import { useOnlineStatus } from '#client/lib/use-online-status.ts';

const MAX_HEIGHT_PX = 200;

interface Props {
  draft: string;
  setDraft: Dispatch<SetStateAction<string>>;
  /** Resolves false when the message was not sent, so the draft comes back. */
  onSend: (text: string) => Promise<boolean>;
  busy: boolean;
  streaming: boolean;
  onStop: () => void;
  advisor: string;
  /** In place of "Ask your {advisor} anything…" (a roundtable's question). */
  placeholder?: string;
  voice: { listening: boolean; toggle: () => void };
  /** The attach button (the documents feature's), before the voice button. */
  attach?: ReactNode;
  /** Set when nothing can be sent today (a free account at its limit): the input is disabled and says why. */
  limitNotice?: string | null;
  /** Editing the last question: said above the input, with a way out. */
  editing?: { onCancel: () => void } | null;
  /** Opens the keyboard shortcuts dialog (also "?"). */
  onShowShortcuts?: () => void;
}

/** The message input (spec section 5, Send): grows with its text; Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({ draft, setDraft, onSend, busy, streaming, onStop, advisor, placeholder, voice, attach, limitNotice, editing, onShowShortcuts }: Props) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const online = useOnlineStatus();
  const atLimit = !!limitNotice;
  const canSend = online && !atLimit && draft.trim().length > 0 && !busy && !streaming;

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    // Empty, the textarea is its CSS height (one row): nothing to measure. Reading scrollHeight forces a
    // layout of the whole page inside React's commit, which on the screen's first render was its
    // longest step (issue 18, decision 042).
    if (!draft) {
      el.style.height = '';
      return;
    }
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [draft]);

  const submit = async () => {
    if (!canSend) return;
    const text = draft;
    setDraft('');
    const sent = await onSend(text);
    // Not sent (refused, failed): give the words back unless something new was typed meanwhile.
    if (!sent) setDraft((current) => current || text);
    // Back to the input for the next question, unless the user went elsewhere while it was sent (a menu
    // they opened meanwhile would close under them).
    const active = document.activeElement;
    if (!active || active === document.body || form.current?.contains(active)) textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <>
      {!online && (
        <p
          role="status"
          id="offline-notice"
          className="mb-2 flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{offlineText.notice}</span>
        </p>
      )}
      <form
        ref={form}
        className="rounded-2xl border border-input bg-card shadow-sm has-[textarea:disabled]:bg-muted/50 transition-colors focus-within:border-ring/70 focus-within:ring-2 focus-within:ring-ring/20"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {editing ? (
          <div className="flex items-center gap-2 border-b px-4 py-1.5 text-xs text-muted-foreground" role="status">
            <Pencil className="size-3.5 shrink-0 text-brand" aria-hidden />
            <span className="flex-1">{chatText.editing.note}</span>
            <button
              type="button"
              onClick={editing.onCancel}
              className="inline-flex cursor-pointer items-center gap-1 rounded-md px-1.5 py-0.5 font-medium hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-3" aria-hidden />
              {chatText.editing.cancel}
            </button>
          </div>
        ) : null}
        {/*
          One row (issue 29, point 16): attach and voice, the text (one line that grows with what is typed, up to
          200 px), and send. The conversation keeps the room.
        */}
        <div className="flex items-end gap-0.5 p-1.5 sm:gap-1">
          {attach}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className={cn('size-9 shrink-0 rounded-full', voice.listening && 'bg-destructive/10 text-destructive hover:bg-destructive/15')}
            aria-label={voice.listening ? 'Stop voice input' : 'Voice input'}
            aria-pressed={voice.listening}
            title={voice.listening ? 'Listening… select to stop' : 'Speak your question'}
            onClick={voice.toggle}
            disabled={atLimit}
          >
            {voice.listening ? <MicOff aria-hidden /> : <Mic aria-hidden />}
          </Button>
          <label htmlFor="chat-input" className="sr-only">
            Message
          </label>
          <textarea
            id="chat-input"
            ref={textarea}
            rows={1}
            value={draft}
            maxLength={MAX_MESSAGE_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            // A question is coming: load what its reply needs (decision 042).
            onFocus={prepareForReply}
            disabled={atLimit}
            placeholder={voice.listening ? 'Listening…' : (limitNotice ?? placeholder ?? `Ask your ${advisor} anything…`)}
            className={cn(
              'block max-h-[200px] min-h-9 min-w-0 flex-1 resize-none bg-transparent px-1.5 py-1.5 text-base leading-6 text-foreground outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed sm:text-[0.9375rem]',
              // The limit's two-line notice fits a phone's width.
              atLimit && 'max-sm:min-h-[3.75rem]',
            )}
          />
          {voice.listening ? (
            <span className="sr-only" role="status">
              Listening…
            </span>
          ) : null}
          {onShowShortcuts ? (
            <Button type="button" variant="ghost" size="icon" className="hidden size-9 shrink-0 text-muted-foreground md:inline-flex" aria-label={chatText.shortcuts.title} title={`${chatText.shortcuts.title} (?) · Enter to send · Shift+Enter for a new line`} onClick={onShowShortcuts}>
              <Keyboard aria-hidden />
            </Button>
          ) : null}
          {streaming ? (
            <Button type="button" variant="outline" size="sm" className="h-9 shrink-0 rounded-full px-4" onClick={onStop} aria-label="Stop reply">
              <Square className="size-3! fill-current" aria-hidden />
              Stop
            </Button>
          ) : (
            <Button
              type="submit"
              size="icon"
              className="size-9 shrink-0 rounded-full"
              disabled={!canSend}
              aria-label="Send message"
              title={online ? undefined : offlineText.sendDisabled}
              aria-describedby={online ? undefined : 'offline-notice'}
            >
              <ArrowUp aria-hidden />
            </Button>
          )}
        </div>
      </form>
    </>
  );
}
