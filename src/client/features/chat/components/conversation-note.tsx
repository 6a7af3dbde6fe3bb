import { useEffect, useState } from 'react';
import type { ConversationNoteDto } from '#contract/conversation-note.ts';
import { noteLimits, noteText } from '#contract/conversation-note-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { clearConversationNote, getConversationNote, saveConversationNote } from '../api/conversation-note.ts';

const updatedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "What I'm keeping in mind" (issue 31, point 5; decision 083), with the advisor card: the note of the
 * facts, figures and decisions the user stated in turns the advisor no longer reads, with when it was
 * updated. The user may edit or clear it; the next reply reads their text.
 */
export function ConversationNote({ sessionId }: { sessionId: string }) {
  const [note, setNote] = useState<ConversationNoteDto | null | undefined>(undefined);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getConversationNote(sessionId, controller.signal)
      .then((response) => setNote(response.note))
      .catch(() => {
        if (!controller.signal.aborted) setError('The note could not be loaded.');
      });
    return () => controller.abort();
  }, [sessionId]);

  const run = async (work: () => Promise<{ note: ConversationNoteDto | null }>) => {
    setBusy(true);
    setError(null);
    try {
      setNote((await work()).note);
      setDraft(null);
    } catch {
      setError('The note could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="group rounded-lg border bg-muted/40 px-4 py-3" data-testid="conversation-note" open={Boolean(note)}>
      <summary className="cursor-pointer text-sm font-medium marker:text-muted-foreground">{noteText.title}</summary>
      <div className="mt-3 space-y-3 text-sm">
        {note === undefined && !error ? <Spinner label="Loading" /> : null}
        {note === null && draft === null ? <p className="text-muted-foreground">{noteText.empty}</p> : null}
        {note && draft === null ? (
          <>
            <ul className="list-disc space-y-1 pl-5 break-words">
              {note.content.split('\n').map((line, index) => (
                <li key={index}>{line.replace(/^\s*[-*•]\s*/, '')}</li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">
              {note.editedByUser ? 'Edited by you' : 'Updated'} <time dateTime={note.updatedAt}>{updatedFormat.format(new Date(note.updatedAt))}</time>
            </p>
          </>
        ) : null}
        {draft !== null ? (
          <label className="block space-y-1">
            <span className="sr-only">{noteText.title}</span>
            <textarea
              className="min-h-32 w-full rounded-md border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              value={draft}
              maxLength={noteLimits.chars}
              onChange={(event) => setDraft(event.target.value)}
            />
            <span className="block text-right text-xs text-muted-foreground">
              {draft.length.toLocaleString()} / {noteLimits.chars.toLocaleString()}
            </span>
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        ) : null}
        {note !== undefined ? (
          <div className="flex flex-wrap gap-2">
            {draft === null ? (
              <>
                <Button size="sm" variant="outline" onClick={() => setDraft(note?.content ?? '')} disabled={busy}>
                  {note ? 'Edit' : 'Write a note'}
                </Button>
                {note ? (
                  <Button size="sm" variant="ghost" onClick={() => void run(() => clearConversationNote(sessionId))} disabled={busy}>
                    Clear
                  </Button>
                ) : null}
              </>
            ) : (
              <>
                <Button size="sm" onClick={() => void run(() => saveConversationNote(sessionId, draft))} disabled={busy || !draft.trim()}>
                  Save
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDraft(null)} disabled={busy}>
                  Cancel
                </Button>
              </>
            )}
          </div>
        ) : null}
      </div>
    </details>
  );
}
