import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';

/** The list area's message when there is nothing to show (no history, no match, an error), with what to do next. */
export function HistoryEmptyState({ icon, title, text, role, children }: { icon: ReactNode; title: string; text?: string; role?: 'alert'; children?: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-4 text-center" role={role}>
      <span className="flex size-12 items-center justify-center rounded-full bg-card text-muted-foreground shadow-sm ring-1 ring-border">{icon}</span>
      <p className="text-base font-semibold">{title}</p>
      {text ? <p className="max-w-sm text-pretty text-sm text-muted-foreground">{text}</p> : null}
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
