import type { ChatSessionListItem } from '#contract/history.ts';
import type { useHistoryList } from '../hooks/use-history-list.ts';
import { ConversationCard } from './conversation-card.tsx';
import { ConversationGroups } from './conversation-groups.tsx';

interface Props {
  list: ReturnType<typeof useHistoryList>;
  onDelete: (session: ChatSessionListItem) => void;
}

/** The list area (500 px high on phones, 600 px above): loading, error, empty, or the conversations grouped by day, as cards. */
export function HistoryList({ list, onDelete }: Props) {
  return (
    <div className="h-[500px] overflow-y-auto overscroll-contain rounded-xl border bg-muted/40 p-2 sm:h-[600px] sm:p-3" data-testid="history-list" data-scroll-root aria-busy={list.isFetching}>
      <ConversationGroups list={list} renderItem={(session) => <ConversationCard session={session} searching={list.searching} onDelete={() => onDelete(session)} />} />
    </div>
  );
}
