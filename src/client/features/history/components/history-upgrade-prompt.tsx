import { ArrowLeft, Crown } from 'lucide-react';
import { Link } from 'wouter';
import { historyText } from '#contract/history-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { HistoryHeader } from './history-header.tsx';

/** Standard users: history is Premium. The list is never asked for (the server would refuse it). */
export function HistoryUpgradePrompt() {
  return (
    <div className="flex flex-col gap-6">
      <HistoryHeader subtitle={historyText.subtitleEmpty} />
      <section aria-labelledby="history-upgrade" className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-12 text-center shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Crown className="size-6" aria-hidden />
        </span>
        <h2 id="history-upgrade" className="text-lg font-semibold">
          {historyText.upgradeTitle}
        </h2>
        <p className="max-w-md text-pretty text-sm text-muted-foreground">{historyText.upgradeText}</p>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="brand">
            <Link href="/plans">
              <Crown aria-hidden />
              View Premium plans
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/chat">
              <ArrowLeft aria-hidden />
              Back to Chat
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
