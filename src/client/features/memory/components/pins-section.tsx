import { FileText, Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { memoryLimits, memoryText } from '#contract/memory-text.ts';
import type { MemoryResponse } from '#contract/memory.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { notify } from '#client/lib/notify.ts';
import { errorMessageOf } from '#client/lib/api-client.ts';
import { usePinDocument, usePinnable, useUnpinDocument } from '../api/memory-api.ts';
import { MemoryCard } from './memory-card.tsx';
import { PremiumOnly } from './premium-only.tsx';

/** Pinned documents (issue 33, point 2; decision 082): every advisor may read them in any conversation. Premium. */
export function PinsSection({ memory }: { memory: MemoryResponse }) {
  const pinnable = usePinnable(memory.pinsAllowed);
  const pin = usePinDocument();
  const unpin = useUnpinDocument();
  const [chosen, setChosen] = useState('');
  const full = memory.pinnedDocuments.length >= memoryLimits.pinnedDocuments;
  const choices = pinnable.data?.documents ?? [];
  return (
    <MemoryCard id="pins" title={memoryText.pinsTitle} intro={memoryText.pinsIntro}>
      {!memory.pinsAllowed ? (
        <PremiumOnly text={memoryText.pinsFree} />
      ) : full ? (
        <p className="mt-3 text-sm text-muted-foreground">{memoryText.pinsFull}</p>
      ) : choices.length === 0 && pinnable.isSuccess ? (
        // Every analysed document pinned already: nothing to choose, nothing to say.
        memory.pinnedDocuments.length === 0 ? <p className="mt-3 text-sm text-muted-foreground">{memoryText.pinNoDocuments}</p> : null
      ) : (
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            pin.mutate(chosen, {
              onSuccess: () => {
                setChosen('');
                notify({ title: memoryText.pinned, variant: 'success' });
              },
              onError: (err) => notify({ title: errorMessageOf(err), variant: 'destructive' }),
            });
          }}
        >
          <div className="grid min-w-0 flex-1 gap-1.5">
            <Label htmlFor="memory-pin-choice">{memoryText.pinChoose}</Label>
            <NativeSelect id="memory-pin-choice" className="min-w-0" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">{memoryText.pinChoosePlaceholder}</option>
              {choices.map((document) => (
                <option key={document.documentId} value={document.documentId}>
                  {document.name}
                  {document.sessionTitle ? ` (${document.sessionTitle})` : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={!chosen || pin.isPending}>
            <Pin aria-hidden />
            {memoryText.pinAction}
          </Button>
        </form>
      )}
      {memory.pinnedDocuments.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{memoryText.pinsEmpty}</p>
      ) : (
        <ul className="mt-4 grid gap-2" aria-label={memoryText.pinsTitle}>
          {memory.pinnedDocuments.map((document) => (
            <li key={document.documentId} className="flex items-center gap-3 rounded-xl border bg-background p-3" data-testid="memory-pin">
              <FileText aria-hidden className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={document.name}>
                  {document.name}
                </p>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {memoryText.pinnedOn(document.pinnedAt)}
                  {document.sessionTitle ? (
                    <>
                      {' · '}
                      <Link href={`/chat?session=${encodeURIComponent(document.sessionId)}`} className="underline underline-offset-2">
                        {`From "${document.sessionTitle}"`}
                      </Link>
                    </>
                  ) : null}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                disabled={unpin.isPending}
                onClick={() => unpin.mutate(document.documentId, { onSuccess: () => notify({ title: memoryText.unpinned }) })}
                aria-label={`${memoryText.unpin}: ${document.name}`}
              >
                <PinOff aria-hidden />
                <span className="hidden sm:inline">{memoryText.unpin}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </MemoryCard>
  );
}
