import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { memoryLimits, memoryText } from '#contract/memory-text.ts';
import type { FactDto, MemoryResponse } from '#contract/memory.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { notify } from '#client/lib/notify.ts';
import { errorMessageOf } from '#client/lib/api-client.ts';
import { useCreateFact, useDeleteFact, useUpdateFact } from '../api/memory-api.ts';
import { MemoryCard } from './memory-card.tsx';
import { PremiumOnly } from './premium-only.tsx';

function FactRow({ fact }: { fact: FactDto }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(fact.text);
  const update = useUpdateFact();
  const remove = useDeleteFact();
  const source = fact.source === 'manual' ? memoryText.sourceManual : fact.source === 'decision' ? memoryText.sourceDecision : memoryText.sourceConversation(fact.sessionTitle);
  return (
    <li className="rounded-xl border bg-background p-3" data-testid="memory-fact">
      {editing ? (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: fact.id, input: { text } }, { onSuccess: () => setEditing(false), onError: (err) => notify({ title: errorMessageOf(err), variant: 'destructive' }) });
          }}
        >
          <Label htmlFor={`fact-${fact.id}`} className="sr-only">
            Fact
          </Label>
          <Input id={`fact-${fact.id}`} value={text} maxLength={memoryLimits.factText} onChange={(e) => setText(e.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1">
            <p className="text-sm break-words">{fact.text}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {memoryText.factDate(fact.statedOn)} ·{' '}
              {fact.sessionId ? (
                <Link href={`/chat?session=${encodeURIComponent(fact.sessionId)}`} className="underline underline-offset-2">
                  {source}
                </Link>
              ) : (
                source
              )}
              {fact.needsReview ? <span className="ml-2 rounded bg-accent px-1.5 py-0.5 font-semibold text-accent-foreground">{memoryText.needsReview}</span> : null}
            </p>
          </div>
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit: ${fact.text}`}>
            <Pencil aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" onClick={() => remove.mutate(fact.id, { onSuccess: () => notify({ title: memoryText.factDeleted }) })} aria-label={`Delete: ${fact.text}`}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      )}
    </li>
  );
}

/** Saved facts (issue 33, point 3): Premium; each editable and deletable, with where it came from. */
export function FactsSection({ memory }: { memory: MemoryResponse }) {
  const [text, setText] = useState('');
  const create = useCreateFact();
  return (
    <MemoryCard id="facts" title={memoryText.factsTitle}>
      {!memory.factsAllowed ? (
        <PremiumOnly text={memoryText.factsFree} />
      ) : (
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ text }, { onSuccess: () => setText(''), onError: (err) => notify({ title: errorMessageOf(err), variant: 'destructive' }) });
          }}
        >
          <Label htmlFor="memory-new-fact" className="sr-only">
            {memoryText.addFact}
          </Label>
          <Input id="memory-new-fact" value={text} maxLength={memoryLimits.factText} onChange={(e) => setText(e.target.value)} placeholder="We hired a CRO in March." />
          <Button type="submit" variant="outline" disabled={!text.trim() || create.isPending}>
            <Plus aria-hidden />
            {memoryText.addFact}
          </Button>
        </form>
      )}
      {memory.facts.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{memoryText.factsEmpty}</p>
      ) : (
        <ul className="mt-4 grid gap-2" aria-label={memoryText.factsTitle}>
          {memory.facts.map((fact) => (
            <FactRow key={`${fact.id}:${fact.updatedAt}`} fact={fact} />
          ))}
        </ul>
      )}
      {memory.facts.some((fact) => fact.needsReview) ? <p className="mt-3 text-xs text-muted-foreground">{memoryText.needsReviewHint(memory.staleMonths)}</p> : null}
    </MemoryCard>
  );
}
