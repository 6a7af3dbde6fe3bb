import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chatValidation, type ChatSessionDto } from '#contract/chat.ts';
import { historyText, sidebarText, type ChatSessionListItem } from '#contract/history.ts';
import { apiError, stubApi } from '#tests/helpers/fake-api.ts';
import { renderWithProviders, testUser } from '#tests/helpers/render.tsx';
import { SidebarContent, type SidebarContentProps } from './conversation-sidebar.tsx';

const premium = testUser({ isPremium: true });
const listPath = `/api/users/${premium.id}/chat-sessions`;

function conversation(id: string, title: string, daysAgo = 0): ChatSessionListItem {
  const at = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
  return { id, title, executiveRole: 'CFO', industry: 'Finance', userRole: 'CEO', preview: null, messageCount: 2, documentCount: 0, createdAt: at, updatedAt: at, snippet: null };
}

function serverWith(sessions: ChatSessionListItem[]) {
  const state = { sessions };
  return { state, list: () => ({ sessions: state.sessions, hasMore: false, nextCursor: null, total: state.sessions.length }) };
}

function renderSidebar(props: Partial<SidebarContentProps> = {}) {
  const handlers = { onNewConversation: vi.fn(), onNavigate: vi.fn(), onSessionRenamed: vi.fn(), onUpgrade: vi.fn() };
  renderWithProviders(<SidebarContent user={premium} sessionId="a" topAction={null} headingId="sidebar-heading" {...handlers} {...props} />, { user: props.user ?? premium, path: '/chat?session=a' });
  return handlers;
}

const list = () => screen.getByRole('navigation', { name: sidebarText.label });

async function startRename(title: string) {
  await userEvent.click(await screen.findByRole('button', { name: sidebarText.actions(title) }));
  await userEvent.click(await screen.findByRole('menuitem', { name: sidebarText.rename }));
  const field = await screen.findByRole('textbox', { name: sidebarText.renameLabel });
  await waitFor(() => expect(field).toHaveFocus());
  return field;
}

describe('SidebarContent (the chat sidebar, decision 033)', () => {
  it('groups the conversations by day, links each to the chat and marks the open one', async () => {
    stubApi({ [`GET ${listPath}`]: serverWith([conversation('a', 'Pricing'), conversation('b', 'Hiring'), conversation('c', 'Old plan', 45)]).list });
    renderSidebar();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getAllByRole('link').map((l) => l.textContent)).toEqual(['Pricing', 'Hiring']);
    expect(within(screen.getByRole('region', { name: 'Older' })).getByRole('link', { name: 'Old plan' })).toHaveAttribute('href', '/chat?session=c');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Hiring' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toHaveAttribute('placeholder', historyText.searchPlaceholder);
  });

  it('renames in place: a blank title is refused before any call, Esc cancels, Enter saves and hands the session on', async () => {
    const server = serverWith([conversation('a', 'Pricing'), conversation('b', 'Hiring')]);
    const api = stubApi({
      [`GET ${listPath}`]: server.list,
      'PATCH /api/chat-sessions/:id': ({ params, body }) => {
        const title = (body as { title: string }).title;
        server.state.sessions = server.state.sessions.map((s) => (s.id === params.id ? { ...s, title } : s));
        return { id: params.id!, userId: premium.id, title, executiveRole: 'CFO', industry: 'Finance', userRole: 'CEO', createdAt: '', updatedAt: '' } satisfies ChatSessionDto;
      },
    });
    const handlers = renderSidebar();

    let field = await startRename('Hiring');
    expect(field).toHaveValue('Hiring');
    await userEvent.clear(field);
    await userEvent.type(field, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(chatValidation.titleInvalid);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: sidebarText.renameLabel })).toBeNull();
    expect(screen.getByRole('link', { name: 'Hiring' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/chat-sessions/:id')).toEqual([]);

    field = await startRename('Hiring');
    await userEvent.clear(field);
    await userEvent.type(field, '  Hiring plan for Q3 {Enter}');
    expect(await within(list()).findByRole('link', { name: 'Hiring plan for Q3' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/chat-sessions/b')).toEqual([expect.objectContaining({ body: { title: 'Hiring plan for Q3' } })]);
    expect(handlers.onSessionRenamed).toHaveBeenCalledWith(expect.objectContaining({ id: 'b', title: 'Hiring plan for Q3' }));
    expect(await screen.findByText(sidebarText.renamed.title)).toBeInTheDocument();
  });

  it('shows a refused rename under the field and keeps it open', async () => {
    stubApi({ [`GET ${listPath}`]: serverWith([conversation('a', 'Pricing')]).list, 'PATCH /api/chat-sessions/:id': () => apiError('internal:unexpected') });
    const handlers = renderSidebar();
    const field = await startRename('Pricing');
    await userEvent.type(field, ' review{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(sidebarText.renameFailed);
    expect(screen.getByRole('textbox', { name: sidebarText.renameLabel })).toHaveValue('Pricing review');
    expect(handlers.onSessionRenamed).not.toHaveBeenCalled();
  });

  it('deletes after confirming; deleting the open conversation starts a new one', async () => {
    const server = serverWith([conversation('a', 'Pricing'), conversation('b', 'Hiring')]);
    stubApi({
      [`GET ${listPath}`]: server.list,
      'DELETE /api/chat-sessions/:id': ({ params }) => {
        server.state.sessions = server.state.sessions.filter((s) => s.id !== params.id);
        return { deletedCount: 1 };
      },
    });
    const handlers = renderSidebar();
    const remove = async (title: string) => {
      await userEvent.click(await screen.findByRole('button', { name: sidebarText.actions(title) }));
      await userEvent.click(await screen.findByRole('menuitem', { name: sidebarText.delete }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(historyText.confirmDelete.description(title));
      await userEvent.click(within(dialog).getByRole('button', { name: historyText.confirmDelete.confirm }));
      await waitFor(() => expect(screen.queryByRole('link', { name: title })).toBeNull());
    };
    await remove('Hiring');
    expect(handlers.onNewConversation).not.toHaveBeenCalled();
    await remove('Pricing');
    expect(handlers.onNewConversation).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(historyText.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(sidebarText.emptyText)).toBeInTheDocument();
  });

  it('shows a standard user the upgrade prompt and never asks for the list', async () => {
    const standard = testUser({ isPremium: false });
    const api = stubApi({});
    const handlers = renderSidebar({ user: standard });
    expect(screen.getByRole('heading', { name: historyText.upgradeTitle })).toBeInTheDocument();
    expect(screen.getByText(historyText.upgradeText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: sidebarText.upgradeButton }));
    expect(handlers.onUpgrade).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(api.calls.filter((c) => c.path.includes('/chat-sessions'))).toEqual([]);
  });
});
