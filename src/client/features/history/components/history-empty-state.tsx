import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/class-names.ts';

/** The list area's message when there is nothing to show (no history, no match, an error), with what to do next; `compact` in the sidebar. */
export function HistoryEmptyState({ icon, title, text, role, compact = false, children }: { icon: ReactNode; title: string; text?: string; role?: 'alert'; compact?: boolean; children?: ReactNode }) {
  return (
    <div className={cn('flex h-full flex-col items-center justify-center text-center', compact ? 'gap-2 px-2 py-8' : 'gap-3 px-4')} role={role}>
      <span className={cn('flex items-center justify-center rounded-full bg-card text-muted-foreground shadow-sm ring-1 ring-border', compact ? 'size-10' : 'size-12')}>{icon}</span>
      <p className={cn('font-semibold', compact ? 'text-sm' : 'text-base')}>{title}</p>
      {text ? <p className={cn('max-w-sm text-pretty text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>{text}</p> : null}
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}

export function StartNewChat() {
  return (
    <Button asChild>
      <Link href="/chat">
        <Plus aria-hidden />
        Start New Chat
      </Link>
    </Button>
  );
}
