import { useState } from 'react';
import { useSearch } from 'wouter';
import { historyText } from '#contract/history-text.ts';
import type { ChatSessionListItem } from '#contract/history.ts';
import { useDebouncedSearch } from '../hooks/use-debounced-search.ts';
import { useDeleteAllConversations } from '../hooks/use-delete-all-conversations.ts';
import { useDeleteConversation } from '../hooks/use-delete-conversation.ts';
import { useHistoryList } from '../hooks/use-history-list.ts';
import { chatHref } from '../logic/chat-link.ts';
import { ConfirmDeleteConversation, ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { HistoryHeader } from './history-header.tsx';
import { HistoryList } from './history-list.tsx';
import { HistoryToolbar } from './history-toolbar.tsx';

/** A Premium user's history: header, toolbar and list, and the two delete confirmations. */
export function HistoryWorkspace({ userId }: { userId: string }) {
  const from = new URLSearchParams(useSearch()).get('from');
  const { search, setSearch, query } = useDebouncedSearch();
  const list = useHistoryList(userId, query);
  const [confirmDelete, setConfirmDelete] = useState<ChatSessionListItem | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  // Return to Chat goes back to the conversation the user came from, unless it was just deleted.
  const [fromDeleted, setFromDeleted] = useState(false);

  const deleteOne = useDeleteConversation(userId, {
    onDeleted: (sessionId) => {
      if (sessionId === from) setFromDeleted(true);
      setConfirmDelete(null);
    },
  });
  const deleteAll = useDeleteAllConversations(userId, {
    onDeleted: () => {
      setFromDeleted(true);
      setConfirmClear(false);
      setSearch('');
    },
  });

  const { count, more } = list.total;
  const returnHref = from && !fromDeleted ? chatHref(from) : '/chat';

  return (
    <div className="flex flex-col gap-6">
      <HistoryHeader subtitle={list.hasConversations ? historyText.subtitle(count, more) : historyText.subtitleEmpty} returnHref={list.hasConversations ? returnHref : undefined} />
      {list.hasConversations ? (
        <HistoryToolbar search={search} onSearchChange={setSearch} refreshing={list.isFetching} onRefresh={() => void list.refresh()} onClearAll={() => setConfirmClear(true)} />
      ) : null}
      <HistoryList list={list} onDelete={setConfirmDelete} />

      <ConfirmDeleteConversation
        conversation={confirmDelete}
        onCancel={() => setConfirmDelete(null)}
        pending={deleteOne.isPending}
        onConfirm={() => confirmDelete && deleteOne.mutate(confirmDelete)}
      />
      <ConfirmDeleteDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={historyText.confirmDeleteAll.title}
        description={historyText.confirmDeleteAll.description(count, more)}
        confirmLabel={historyText.confirmDeleteAll.confirm}
        pending={deleteAll.isPending}
        onConfirm={() => deleteAll.mutate()}
      />
    </div>
  );
}
