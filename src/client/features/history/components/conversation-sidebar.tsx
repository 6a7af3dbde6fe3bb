import { useQuery } from '@tanstack/react-query';
import { Crown, History, SquarePen } from 'lucide-react';
import { Link } from 'wouter';
import { useState, type ReactNode } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatSessionDto } from '#contract/chat.ts';
import { chatText } from '#contract/chat-text.ts';
import { sidebarText } from '#contract/history-text.ts';
import type { ChatSessionListItem } from '#contract/history.ts';
import { Button } from '#client/components/ui/button.tsx';
import { WhenOpened } from '#client/components/when-opened.tsx';
import { cn } from '#client/lib/class-names.ts';
import { recentSessionsQueryOptions } from '../api/recent-sessions.ts';
import { useDebouncedSearch } from '../hooks/use-debounced-search.ts';
import { chatHref } from '../logic/chat-link.ts';
import { useDeleteConversation } from '../hooks/use-delete-conversation.ts';
import { useHistoryList } from '../hooks/use-history-list.ts';
import { useRenameConversation } from '../hooks/use-rename-conversation.ts';
import { ConversationGroups } from './conversation-groups.tsx';
import { ConversationSearchBox } from './conversation-search-box.tsx';
import { HistoryUpgradeCard } from './history-upgrade-card.tsx';
import { ConfirmDeleteConversation } from './confirm-delete-dialog.tsx';
import { SidebarItem } from './sidebar-item.tsx';

export interface SidebarContentProps {
  user: PublicUser;
  sessionId: string | null;
  onNewConversation: () => void;
  /** A conversation was chosen or a new one started (the drawer closes). */
  onNavigate: () => void;
  onSessionRenamed: (session: ChatSessionDto) => void;
  onUpgrade: () => void;
  /** The top row's own button: fold the column, or close the drawer. */
  topAction: ReactNode;
  /** The heading's id, for the drawer's or the column's accessible name. */
  headingId: string;
}

/**
 * What the sidebar holds, in the column and in the drawer alike (decision 033): its heading, New
 * conversation, and for Premium users the search and the conversations grouped by day (the same
 * list, search and delete as /history); standard users see /history's upgrade prompt there, and
 * the list is never asked for.
 */
export function SidebarContent({ user, sessionId, onNewConversation, onNavigate, onSessionRenamed, onUpgrade, topAction, headingId }: SidebarContentProps) {
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-12 shrink-0 items-center justify-between gap-2 pl-4 pr-2">
        <h2 id={headingId} className="text-sm font-semibold">
          {sidebarText.label}
        </h2>
        {topAction}
      </div>
      <div className="px-3 pb-2">
        <Button
          variant="outline"
          className="w-full justify-start"
          onClick={() => {
            onNewConversation();
            onNavigate();
          }}
        >
          <SquarePen aria-hidden />
          {sidebarText.newConversation}
        </Button>
      </div>
      {user.isPremium ? (
        <SidebarConversations userId={user.id} sessionId={sessionId} onNewConversation={onNewConversation} onNavigate={onNavigate} onSessionRenamed={onSessionRenamed} />
      ) : (
        <>
          <SidebarRecent userId={user.id} sessionId={sessionId} onNavigate={onNavigate} />
          <SidebarUpgradePrompt onUpgrade={onUpgrade} />
          <div className="flex-1" />
        </>
      )}
      <div className="shrink-0 border-t px-3 py-2">
        <Button asChild variant="ghost" size="sm" className="w-full justify-start text-muted-foreground">
          <Link href={sessionId ? `/history?from=${encodeURIComponent(sessionId)}` : '/history'} onClick={onNavigate}>
            <History aria-hidden />
            {sidebarText.openHistory}
          </Link>
        </Button>
      </div>
    </div>
  );
}

function SidebarConversations({
  userId,
  sessionId,
  onNewConversation,
  onNavigate,
  onSessionRenamed,
}: {
  userId: string;
  sessionId: string | null;
  onNewConversation: () => void;
  onNavigate: () => void;
  onSessionRenamed: (session: ChatSessionDto) => void;
}) {
  const { search, setSearch, query } = useDebouncedSearch();
  const list = useHistoryList(userId, query);
  const [confirmDelete, setConfirmDelete] = useState<ChatSessionListItem | null>(null);
  const rename = useRenameConversation(userId, { onRenamed: onSessionRenamed });
  const deleteOne = useDeleteConversation(userId, {
    onDeleted: (deletedId) => {
      setConfirmDelete(null);
      // The open conversation is gone: a new one takes its place.
      if (deletedId === sessionId) onNewConversation();
    },
  });

  return (
    <>
      <div className="px-3 pb-2">
        <ConversationSearchBox search={search} onSearchChange={setSearch} compact />
      </div>
      <nav aria-label={sidebarText.label} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-3 pt-1" data-testid="sidebar-list" data-scroll-root aria-busy={list.isFetching}>
        <ConversationGroups
          list={list}
          compact
          idPrefix="sidebar"
          emptyText={sidebarText.emptyText}
          renderItem={(session) => (
            <SidebarItem
              session={session}
              current={session.id === sessionId}
              searching={list.searching}
              onNavigate={onNavigate}
              onRename={(title) => rename.mutateAsync({ sessionId: session.id, title })}
              onDelete={() => setConfirmDelete(session)}
            />
          )}
        />
      </nav>
      <WhenOpened open={confirmDelete !== null}>
        <ConfirmDeleteConversation
          conversation={confirmDelete}
          onCancel={() => setConfirmDelete(null)}
          pending={deleteOne.isPending}
          onConfirm={() => confirmDelete && deleteOne.mutate(confirmDelete)}
        />
      </WhenOpened>
    </>
  );
}

/** Standard users: their few most recent conversations (decision 059), above the upgrade prompt. */
function SidebarRecent({ userId, sessionId, onNavigate }: { userId: string; sessionId: string | null; onNavigate: () => void }) {
  const { data } = useQuery(recentSessionsQueryOptions(userId));
  const sessions = data?.sessions ?? [];
  if (sessions.length === 0) return null;
  return (
    <nav aria-label={chatText.recentConversations.title} className="px-3 pb-2" data-testid="sidebar-recent">
      <h3 className="px-1 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{chatText.recentConversations.title}</h3>
      <ul className="grid gap-0.5">
        {sessions.map((session) => (
          <li key={session.id}>
            <Link
              href={chatHref(session.id)}
              onClick={onNavigate}
              aria-current={session.id === sessionId ? 'page' : undefined}
              className={cn('block truncate rounded-md px-2.5 py-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring', session.id === sessionId && 'bg-accent font-medium text-accent-foreground')}
            >
              {session.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Standard users: where the list would be, /history's upgrade prompt, with the upgrade dialog. */
function SidebarUpgradePrompt({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <div className="px-3 pt-2">
      <HistoryUpgradeCard look="sidebar" headingId="sidebar-upgrade" testId="sidebar-upgrade">
        <Button variant="brand" size="sm" onClick={onUpgrade}>
          <Crown aria-hidden />
          {sidebarText.upgradeButton}
        </Button>
      </HistoryUpgradeCard>
    </div>
  );
}
