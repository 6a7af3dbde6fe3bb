import { MessagesSquare, RefreshCw, SearchX } from 'lucide-react';
import { historyText, type ChatSessionListItem } from '#contract/history.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { groupByDate } from '../logic/date-groups.ts';
import type { useHistoryList } from '../hooks/use-history-list.ts';
import { DateGroupSection } from './date-group-section.tsx';
import { HistoryEmptyState, StartNewChat } from './history-empty-state.tsx';

interface Props {
  list: ReturnType<typeof useHistoryList>;
  onDelete: (session: ChatSessionListItem) => void;
}

/** The list area (500 px high on phones, 600 px above): loading, error, empty, or the conversations grouped by day. */
export function HistoryList({ list, onDelete }: Props) {
  return (
    <div className="h-[500px] overflow-y-auto overscroll-contain rounded-xl border bg-muted/40 p-2 sm:h-[600px] sm:p-3" data-testid="history-list" aria-busy={list.isFetching}>
      <HistoryListContent list={list} onDelete={onDelete} />
    </div>
  );
}

function HistoryListContent({ list, onDelete }: Props) {
  if (list.isPending) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 text-sm text-muted-foreground" role="status">
        <Spinner className="size-6" label={historyText.loading} />
        {historyText.loading}
      </div>
    );
  }
  if (list.isError) {
    return (
      <HistoryEmptyState icon={<MessagesSquare className="size-6" aria-hidden />} title={historyText.loadError} role="alert">
        <Button variant="outline" onClick={() => void list.retry()}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
        <StartNewChat />
      </HistoryEmptyState>
    );
  }
  if (list.sessions.length === 0) {
    return list.searching ? (
      <HistoryEmptyState icon={<SearchX className="size-6" aria-hidden />} title={historyText.noMatchesTitle} text={historyText.noMatchesText} />
    ) : (
      <HistoryEmptyState icon={<MessagesSquare className="size-6" aria-hidden />} title={historyText.emptyTitle} text={historyText.emptyText}>
        <StartNewChat />
      </HistoryEmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {list.moreMatches ? <p className="px-1 pt-1 text-xs text-muted-foreground">{historyText.moreMatches(list.sessions.length)}</p> : null}
      {groupByDate(list.sessions, new Date()).map((group) => (
        <DateGroupSection key={group.label} group={group} searching={list.searching} onDelete={onDelete} />
      ))}
      {list.olderNotShown ? <p className="px-1 pb-1 text-center text-xs text-muted-foreground">{historyText.olderNotShown}</p> : null}
    </div>
  );
}
