import { Clock, Crown, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { chatText, type ChatContext } from '#contract/chat-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useInstallHint } from '#client/lib/install-hint-slot.tsx';

const starters = [
  'Pressure-test my plan for the next twelve months.',
  'How should I prepare for a difficult conversation with my board?',
  'Which three numbers should I watch most closely this quarter?',
];

/** A free account out of today's interactions: when they renew (e.g. "tomorrow at 1:00 AM") and the way to Premium. */
export interface WelcomeLimit {
  renews: string;
  onUpgrade: () => void;
}

/**
 * An empty conversation (spec section 2): greeting, the current context, a nudge to begin, history,
 * install hint. At the free limit the nudge gives way to when the interactions renew (issue 14, defect 7).
 */
export function WelcomeCard({
  firstName,
  context,
  historyHref,
  onStarter,
  limit,
  followUp,
  recent,
}: {
  firstName: string;
  context: ChatContext;
  historyHref: string;
  onStarter: (text: string) => void;
  limit?: WelcomeLimit | null;
  /** The decision log's "How did it go?" when a follow-up day has come (decision 034). */
  followUp?: ReactNode;
  /** A Free account's recent conversations (decision 059). */
  recent?: ReactNode;
}) {
  const installHint = useInstallHint();
  return (
    <section className="mx-auto w-full max-w-2xl rounded-2xl border bg-card p-5 shadow-sm sm:p-8" aria-labelledby="welcome-heading">
      <p className="text-xs font-semibold tracking-[0.14em] text-accent-foreground uppercase dark:text-brand">Your advisory session</p>
      <h1 id="welcome-heading" className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">
        Welcome, {firstName}
      </h1>
      <dl className="mt-5 grid grid-cols-3 gap-2 rounded-xl bg-muted/60 p-3 text-sm sm:gap-4 sm:p-4">
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">You</dt>
          <dd className="font-semibold break-words">{context.userRole}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Advisor</dt>
          <dd className="font-semibold break-words">{context.executiveRole}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Industry</dt>
          <dd className="font-semibold break-words">{context.industry}</dd>
        </div>
      </dl>
      {followUp}
      {recent}
      {limit ? (
        <div className="mt-5 rounded-xl border border-brand/40 bg-accent/40 p-4" data-testid="welcome-limit">
          <p className="flex items-center gap-2 text-base font-medium">
            <Clock className="size-4 shrink-0 text-accent-foreground dark:text-brand" aria-hidden />
            {chatText.limitReached.title}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {chatText.limitReached.renews(limit.renews)} {chatText.limitReached.upgrade}
          </p>
          <Button variant="brand" size="sm" className="mt-3" onClick={limit.onUpgrade}>
            <Crown aria-hidden />
            Upgrade to Premium
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-5 text-base font-medium">Ask a question to begin.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Your {context.executiveRole} answers with {context.industry} in mind, pitched to you as a {context.userRole}. You can change all three below.
          </p>
          <ul className="mt-4 grid gap-2" aria-label="Suggested questions">
            {starters.map((text) => (
              <li key={text}>
                <button
                  type="button"
                  onClick={() => onStarter(text)}
                  className="w-full cursor-pointer rounded-lg border border-input bg-background px-3.5 py-2.5 text-left text-sm transition-colors hover:border-primary/40 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {text}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-6 flex flex-col gap-4 border-t pt-5">
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link href={historyHref}>
            <History aria-hidden />
            Open History
          </Link>
        </Button>
        {installHint}
      </div>
    </section>
  );
}
