import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { chatText } from '#contract/chat-text.ts';
import { recentSessionsQueryOptions } from '../api/recent-sessions.ts';

/**
 * "Recent conversations" on the welcome card of a Free account (issue 29, point 4; decision 059): the
 * few most recent conversations the server lists, each reopened in the chat. History and search stay
 * Premium (the sidebar is theirs); nothing shows when there is nothing to reopen.
 */
export function RecentConversations({ userId, onOpen }: { userId: string; onOpen: (sessionId: string) => void }) {
  const { data } = useQuery(recentSessionsQueryOptions(userId));
  const sessions = data?.sessions ?? [];
  if (sessions.length === 0) return null;
  return (
    <nav className="mt-5" aria-labelledby="recent-conversations-heading" data-testid="recent-conversations">
      <h2 id="recent-conversations-heading" className="text-sm font-semibold">
        {chatText.recentConversations.title}
      </h2>
      <ul className="mt-2 grid gap-2">
        {sessions.map((session) => (
          <li key={session.id}>
            <a
              href={`/chat?session=${encodeURIComponent(session.id)}`}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onOpen(session.id);
              }}
              className="flex min-w-0 items-center gap-3 rounded-lg border border-input bg-background px-3.5 py-2.5 text-sm transition-colors hover:border-primary/40 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <MessageSquare className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate font-medium">{session.title}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{session.executiveRole}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">{chatText.recentConversations.note}</p>
    </nav>
  );
}
