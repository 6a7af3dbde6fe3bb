import { MessagesSquare, RefreshCw, SearchX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { historyText } from '#contract/history-text.ts';
import type { ChatSessionListItem } from '#contract/history.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/class-names.ts';
import { groupByDate } from '../logic/date-groups.ts';
import type { useHistoryList } from '../hooks/use-history-list.ts';
import { DateGroupSection } from './date-group-section.tsx';
import { HistoryEmptyState, StartNewChat } from './history-empty-state.tsx';

export interface ConversationGroupsProps {
  list: ReturnType<typeof useHistoryList>;
  /** One conversation: /history's card or the sidebar's row. */
  renderItem: (session: ChatSessionListItem) => ReactNode;
  /** Ids of the group headings start with it (two lists on one page must not share ids). */
  idPrefix?: string;
  /** The sidebar's narrow column: smaller states, tighter rows, and no Start New Chat (its own New conversation is above). */
  compact?: boolean;
  /** What the sidebar says when there is no conversation yet (the page says historyText.emptyText). */
  emptyText?: string;
}

/**
 * What /history's list area and the chat's sidebar both show (decision 033): loading, error, empty
 * (with or without a search), or the conversations grouped by day, with the next page loaded when
 * the end of the list comes into view. The scrolling element around it carries data-scroll-root.
 */
export function ConversationGroups({ list, renderItem, idPrefix = 'history', compact = false, emptyText = historyText.emptyText }: ConversationGroupsProps) {
  const iconClass = compact ? 'size-5' : 'size-6';
  if (list.isPending) {
    return (
      <div className={cn('flex h-full flex-col items-center justify-center gap-3 text-muted-foreground', compact ? 'py-8 text-xs' : 'text-sm')} role="status">
        <Spinner className={compact ? 'size-5' : 'size-6'} label={historyText.loading} />
        {historyText.loading}
      </div>
    );
  }
  if (list.isError) {
    return (
      <HistoryEmptyState compact={compact} icon={<MessagesSquare className={iconClass} aria-hidden />} title={historyText.loadError} role="alert">
        <Button variant="outline" size={compact ? 'sm' : 'default'} onClick={() => void list.retry()}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
        {compact ? null : <StartNewChat />}
      </HistoryEmptyState>
    );
  }
  if (list.sessions.length === 0) {
    return list.searching ? (
      <HistoryEmptyState compact={compact} icon={<SearchX className={iconClass} aria-hidden />} title={historyText.noMatchesTitle} text={historyText.noMatchesText} />
    ) : (
      <HistoryEmptyState compact={compact} icon={<MessagesSquare className={iconClass} aria-hidden />} title={historyText.emptyTitle} text={emptyText}>
        {compact ? null : <StartNewChat />}
      </HistoryEmptyState>
    );
  }
  return (
    <div className={cn('flex flex-col', compact ? 'gap-4' : 'gap-5')}>
      {list.moreMatches ? <p className="px-1 pt-1 text-xs text-muted-foreground">{historyText.moreMatches(list.sessions.length)}</p> : null}
      {groupByDate(list.sessions, new Date()).map((group) => (
        <DateGroupSection key={group.label} group={group} idPrefix={idPrefix} compact={compact} renderItem={renderItem} />
      ))}
      {list.hasOlder ? <LoadOlder loading={list.loadingOlder} onVisible={list.loadMore} /> : null}
    </div>
  );
}

/**
 * The end of the loaded list: when it scrolls into view (or nearly), the next page loads and its
 * conversations join their date groups. A spinner row of fixed height, so nothing jumps.
 */
function LoadOlder({ loading, onVisible }: { loading: boolean; onVisible: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible(), {
      root: element.closest('[data-scroll-root]'),
      rootMargin: '0px 0px 400px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onVisible]);
  return (
    <div ref={ref} className="flex h-10 items-center justify-center gap-2 text-xs text-muted-foreground" role="status">
      {loading ? (
        <>
          <Spinner className="size-4" label={historyText.loadingMore} />
          {historyText.loadingMore}
        </>
      ) : null}
    </div>
  );
}
