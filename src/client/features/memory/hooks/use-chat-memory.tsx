import { useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, Brain, Check, Pencil, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ChatMessageDto } from '#contract/chat.ts';
import { isUpgradeErrorCode } from '#contract/errors-text.ts';
import { knowsSummary, memoryLimits, memoryText } from '#contract/memory-text.ts';
import type { FactDto } from '#contract/memory.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { errorCodeOf } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import type { AttachedDocument, ChatMemory, ChatMemoryOptions } from '#client/slots/chat.ts';
import { memoryKeys, useDeleteFact, useMemory, useProposals, useUpdateFact } from '../api/memory-api.ts';
import { DocumentPinAction } from '../components/document-pin-action.tsx';

/** The welcome card's line: what the advisor knows of the company, at a glance, and the way to the page. */
function KnowsLine() {
  const { data } = useMemory();
  if (!data) return null;
  const summary = data.paused ? memoryText.knowsPaused : knowsSummary({ profile: data.profile, facts: data.factsAllowed ? data.facts.length : 0 });
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-background p-3 text-sm" data-testid="memory-knows">
      <Brain className="size-4 shrink-0 text-accent-foreground dark:text-brand" aria-hidden />
      <p className="min-w-[12rem] flex-1 break-words">{summary ?? memoryText.knowsNothing}</p>
      <Link href="/memory" className="font-semibold text-primary underline-offset-4 hover:underline">
        {summary || data.paused ? memoryText.openMemory : memoryText.setUp}
      </Link>
    </div>
  );
}

function Proposal({ fact, onUpgrade }: { fact: FactDto; onUpgrade: (reason?: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(fact.text);
  const save = useUpdateFact();
  const dismiss = useDeleteFact();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: memoryKeys.proposals(fact.sessionId ?? '') });
  // The list is read again as soon as it is saved, which unmounts this row: the notice follows the promise, not the row.
  const onSave = async () => {
    try {
      await save.mutateAsync({ id: fact.id, input: { status: 'saved', ...(text !== fact.text ? { text } : {}) } });
      notify({ title: memoryText.factSaved, variant: 'success' });
      void done();
    } catch (error) {
      if (isUpgradeErrorCode(errorCodeOf(error))) onUpgrade((error as Error).message);
      else notify({ title: (error as Error).message, variant: 'destructive' });
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-2">
      {editing ? (
        <>
          <label htmlFor={`proposal-${fact.id}`} className="sr-only">
            Fact
          </label>
          <Input id={`proposal-${fact.id}`} value={text} maxLength={memoryLimits.factText} onChange={(e) => setText(e.target.value)} className="h-9 min-w-0 flex-1" />
        </>
      ) : (
        <p className="min-w-0 flex-1 text-sm break-words">{fact.text}</p>
      )}
      <div className="flex gap-1">
        <Button size="sm" onClick={() => void onSave()} disabled={save.isPending || !text.trim()}>
          <Check aria-hidden />
          {memoryText.rememberSave}
        </Button>
        {editing ? null : (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`${memoryText.rememberEdit}: ${fact.text}`}>
            <Pencil aria-hidden />
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => dismiss.mutate(fact.id, { onSuccess: () => void done() })} aria-label={`${memoryText.rememberDismiss}: ${fact.text}`}>
          <X aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** "Remember this?" under the reply the facts were proposed from. */
function RememberThis({ proposals, onUpgrade }: { proposals: FactDto[]; onUpgrade: (reason?: string) => void }) {
  return (
    <section className="rounded-xl border border-dashed bg-card p-3 sm:ml-11" aria-label={memoryText.remember} data-testid="remember-this">
      <p className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <BookmarkPlus className="size-4 text-accent-foreground dark:text-brand" aria-hidden />
        {memoryText.remember}
      </p>
      <ul className="grid gap-2">
        {proposals.map((fact) => (
          <Proposal key={fact.id} fact={fact} onUpgrade={onUpgrade} />
        ))}
      </ul>
    </section>
  );
}

/** Reads the proposals again shortly after a reply ends: they are made in the background, after it. */
function useRefetchAfterReply(streamingId: string | null, refetch: () => void) {
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (streamingId) {
      last.current = streamingId;
      return;
    }
    if (!last.current) return;
    last.current = null;
    const timers = [600, 1800, 4500].map((ms) => setTimeout(refetch, ms));
    return () => timers.forEach(clearTimeout);
  }, [streamingId, refetch]);
}

/**
 * Company memory in the chat (decision 073), the chat screen's memory slot (src/client/slots/chat.ts): the
 * welcome card's line, "Remember this?" under replies (Premium) and "Pin to company" beside an analysed
 * document (decision 087).
 */
export function useChatMemory({ sessionId, isPremium, onUpgrade, streamingId }: ChatMemoryOptions): ChatMemory {
  const proposals = useProposals(sessionId, isPremium);
  const { refetch } = proposals;
  const again = useCallback(() => void refetch(), [refetch]);
  useRefetchAfterReply(isPremium ? streamingId : null, again);
  const list = proposals.data?.proposals;
  const renderAfterReply = useCallback(
    (message: ChatMessageDto) => {
      const mine = (list ?? []).filter((fact) => fact.messageId === message.id);
      return mine.length > 0 ? <RememberThis proposals={mine} onUpgrade={onUpgrade} /> : null;
    },
    [list, onUpgrade],
  );
  const renderDocumentAction = useCallback((document: AttachedDocument) => <DocumentPinAction document={document} onUpgrade={onUpgrade} />, [onUpgrade]);
  return { knows: <KnowsLine />, renderAfterReply: isPremium ? renderAfterReply : undefined, renderDocumentAction };
}
