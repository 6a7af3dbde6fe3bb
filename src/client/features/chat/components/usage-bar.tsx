import { Crown } from 'lucide-react';
import type { ChatUsage } from '#contract/chat.ts';
import { storageUsageText } from '#contract/documents-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/class-names.ts';
import { renewalPhrase } from '../logic/renewal.ts';

const left = (used: number, limit: number) => Math.max(0, limit - used);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Standard users only (spec section 2): uploads left, interactions left, and the way to Premium. */
export function UsageBar({ usage, onUpgrade }: { usage: ChatUsage; onUpgrade: () => void }) {
  if (usage.isPremium || usage.interactionsLimit < 0) return null;
  const interactionsLeft = left(usage.interactionsUsed, usage.interactionsLimit);
  const uploadsLeft = left(usage.attachmentsUsed, usage.attachmentsLimit);
  const share = usage.interactionsLimit > 0 ? Math.min(1, usage.interactionsUsed / usage.interactionsLimit) : 1;
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg bg-muted/60 px-3 py-1.5 text-xs" data-testid="usage-bar">
      <div className="min-w-0 flex-1">
        <p className="truncate text-muted-foreground">
          <span className={cn('font-semibold', interactionsLeft === 0 ? 'text-destructive' : 'text-foreground')}>
            {plural(interactionsLeft, 'interaction', 'interactions')} left
          </span>{' '}
          {interactionsLeft === 0 ? (
            // On a phone the message box says when they renew; the bar stays one line.
            <span className="hidden sm:inline" data-testid="usage-renews">
              · renew {renewalPhrase(usage.resetsAt)}
            </span>
          ) : (
            <span className="hidden sm:inline">of {usage.interactionsLimit} today</span>
          )}
          {' · '}
          <span className={cn(uploadsLeft === 0 && 'text-destructive')} data-testid="uploads-left" title={`Document analysis today: ${usage.attachmentsUsed} / ${usage.attachmentsLimit} used`}>
            {plural(uploadsLeft, 'upload', 'uploads')} left
          </span>
          <span className="hidden md:inline">
            {' · '}
            <span className={cn(usage.storageUsedBytes >= usage.storageLimitBytes && 'text-destructive')} data-testid="storage-used">
              {storageUsageText(usage.storageUsedBytes, usage.storageLimitBytes)}
            </span>
          </span>
        </p>
        <div
          className="mt-1 h-1 overflow-hidden rounded-full bg-border"
          role="meter"
          aria-label="Daily interactions used"
          aria-valuemin={0}
          aria-valuemax={usage.interactionsLimit}
          aria-valuenow={usage.interactionsUsed}
        >
          <div className={cn('h-full rounded-full', interactionsLeft === 0 ? 'bg-destructive' : 'bg-brand')} style={{ width: `${share * 100}%` }} />
        </div>
      </div>
      <Button variant="brand" size="sm" onClick={onUpgrade} className="h-7">
        <Crown aria-hidden />
        Upgrade
      </Button>
    </div>
  );
}
