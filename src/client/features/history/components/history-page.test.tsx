import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { historyText, type ChatSessionListItem } from '#contract/history.ts';
import { apiError, stubApi } from '#tests/helpers/fake-api.ts';
import { renderWithProviders, testUser } from '#tests/helpers/render.tsx';
import HistoryPage from './history-page.tsx';

const user = testUser();
const listPath = `/api/users/${user.id}/chat-sessions`;

function conversation(id: string, title: string): ChatSessionListItem {
  const at = new Date().toISOString();
  return { id, title, executiveRole: 'CFO', industry: 'Finance', userRole: 'CEO', preview: null, messageCount: 2, documentCount: 0, createdAt: at, updatedAt: at, snippet: null };
}

/** The server's list (one page), which the test's delete handlers change as the real one would; `total` counts conversations on later pages too. */
function serverWith(sessions: ChatSessionListItem[], total?: number) {
  const state: { sessions: ChatSessionListItem[]; total?: number } = { sessions, total };
  return { state, list: () => ({ sessions: state.sessions, hasMore: false, nextCursor: null, total: state.total ?? state.sessions.length }) };
}

const confirmIn = async (name: string) => userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name }));

describe('HistoryPage', () => {
  it('Clear All deletes every conversation, listed or not, with one call, and says how many went', async () => {
    // The list's first page says how many exist, loaded or not.
    const server = serverWith([conversation('a', 'Pricing'), conversation('b', 'Hiring')], 1204);
    const api = stubApi({
      [`GET ${listPath}`]: server.list,
      [`DELETE ${listPath}`]: () => {
        Object.assign(server.state, { sessions: [], total: 0 });
        return { deletedCount: 1204 };
      },
    });
    renderWithProviders(<HistoryPage />, { user, path: '/history' });
    expect(await screen.findAllByTestId('history-card')).toHaveLength(2);
    expect(screen.getByText(historyText.subtitle(1204, false))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(historyText.confirmDeleteAll.description(1204, false));
    await confirmIn(historyText.confirmDeleteAll.confirm);

    expect(await screen.findByText(historyText.allDeleted(1204).title)).toBeInTheDocument();
    expect(screen.getByText(historyText.allDeleted(1204).description)).toBeInTheDocument();
    expect(api.callsTo('DELETE', listPath)).toEqual([expect.objectContaining({ body: { all: true } })]);
    expect(await screen.findByText(historyText.emptyTitle)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear All' })).toBeNull();
  });

  it('deleting one conversation removes its card and says so; a refused delete keeps it and says that', async () => {
    const server = serverWith([conversation('a', 'Pricing'), conversation('b', 'Hiring')]);
    let refuse = false;
    stubApi({
      [`GET ${listPath}`]: server.list,
      'DELETE /api/chat-sessions/:id': ({ params }) => {
        if (refuse) return apiError('internal:unexpected');
        server.state.sessions = server.state.sessions.filter((s) => s.id !== params.id);
        return { deletedCount: 1 };
      },
    });
    renderWithProviders(<HistoryPage />, { user, path: '/history' });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete conversation Pricing' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(historyText.confirmDelete.description('Pricing'));
    await confirmIn(historyText.confirmDelete.confirm);
    expect(await screen.findByText(historyText.deleted.description)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('history-card')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Hiring' })).toBeInTheDocument();

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation Hiring' }));
    await confirmIn(historyText.confirmDelete.confirm);
    expect(await screen.findByText(historyText.deleteFailed.description)).toBeInTheDocument();
    expect(screen.getAllByTestId('history-card')).toHaveLength(1);
  });

  it('Return to Chat goes back to the conversation the user came from, or to a new chat once that one is deleted', async () => {
    const server = serverWith([conversation('a', 'Pricing'), conversation('b', 'Hiring')]);
    stubApi({ [`GET ${listPath}`]: server.list, 'DELETE /api/chat-sessions/:id': () => ({ deletedCount: 1 }) });
    renderWithProviders(<HistoryPage />, { user, path: '/history?from=a' });
    expect(await screen.findByRole('link', { name: 'Return to Chat' })).toHaveAttribute('href', '/chat?session=a');

    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation Pricing' }));
    await confirmIn(historyText.confirmDelete.confirm);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Return to Chat' })).toHaveAttribute('href', '/chat'));
  });

  it('searches once typing pauses, and shows when nothing matches', async () => {
    const server = serverWith([conversation('a', 'Pricing')]);
    const api = stubApi({ [`GET ${listPath}`]: ({ search }) => (search.get('q') ? { sessions: [], hasMore: false, nextCursor: null, total: null } : server.list()) });
    renderWithProviders(<HistoryPage />, { user, path: '/history' });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search conversations' }), 'zephyr');

    expect(await screen.findByText(historyText.noMatchesTitle)).toBeInTheDocument();
    // One search for the words typed, not one per key.
    expect(api.callsTo('GET', listPath).map((c) => c.search.get('q'))).toEqual([null, 'zephyr']);
  });

  it('a standard account is offered Premium and the list is never asked for', async () => {
    const api = stubApi({});
    renderWithProviders(<HistoryPage />, { user: testUser({ appUserType: 'standard', isPremium: false }), path: '/history' });
    expect(screen.getByRole('heading', { name: historyText.upgradeTitle })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
