import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { historyText } from '#contract/history-text.ts';
import { cn } from '#client/lib/class-names.ts';

const looks = {
  page: { section: 'gap-4 px-6 py-12 shadow-sm', badge: 'size-12', icon: 'size-6', title: 'text-lg', text: 'max-w-md text-sm' },
  sidebar: { section: 'gap-3 px-4 py-6 shadow-xs', badge: 'size-10', icon: 'size-5', title: 'text-sm text-balance', text: 'text-xs' },
} as const;

/** History is Premium: the crown, the title and why, then the caller's actions; full size on /history, smaller in the sidebar. */
export function HistoryUpgradeCard({ look, headingId, testId, children }: { look: keyof typeof looks; headingId: string; testId?: string; children: ReactNode }) {
  const style = looks[look];
  // The page's card sits under the page's h1; the sidebar's is a level deeper, as before.
  const Heading = look === 'page' ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col items-center rounded-xl border bg-card text-center', style.section)} data-testid={testId}>
      <span className={cn('flex items-center justify-center rounded-full bg-accent text-accent-foreground', style.badge)}>
        <Crown className={style.icon} aria-hidden />
      </span>
      <Heading id={headingId} className={cn('font-semibold', style.title)}>
        {historyText.upgradeTitle}
      </Heading>
      <p className={cn('text-pretty text-muted-foreground', style.text)}>{historyText.upgradeText}</p>
      {children}
    </section>
  );
}
