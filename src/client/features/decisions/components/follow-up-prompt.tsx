import { MessageSquareReply } from 'lucide-react';
import { decisionsText } from '#contract/decisions-text.ts';
import type { DecisionDto } from '#contract/decisions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDay } from '../logic/decision-dates.ts';

const text = decisionsText.welcome;

/** The welcome card's question on a decision's follow-up day: how did it go, and a conversation about it. */
export function FollowUpPrompt({ decision, more, pending, onOpen }: { decision: DecisionDto; more: number; pending: boolean; onOpen: () => void }) {
  return (
    <section className="mt-5 rounded-xl border border-brand/40 bg-accent/40 p-4" aria-labelledby="follow-up-heading" data-testid="welcome-follow-up">
      <h2 id="follow-up-heading" className="text-base font-semibold">
        {text.question}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{text.intro(decision.kind)}</p>
      <blockquote className="mt-2 border-l-2 border-brand pl-3 text-sm font-medium break-words">{decision.text}</blockquote>
      {decision.owner || decision.dueDate ? (
        <p className="mt-1.5 pl-3.5 text-xs text-muted-foreground">
          {[decision.owner ? decisionsText.panel.owner(decision.owner) : null, decision.dueDate ? decisionsText.panel.due(formatDay(decision.dueDate)) : null].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      <Button variant="brand" size="sm" className="mt-3" onClick={onOpen} disabled={pending}>
        {pending ? <Spinner /> : <MessageSquareReply aria-hidden />}
        {text.open}
      </Button>
      {more > 0 ? <p className="mt-2 text-xs text-muted-foreground">{text.more(more)}</p> : null}
    </section>
  );
}
