import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteText } from '#contract/conversation-note-text.ts';
import { ConversationNote } from './conversation-note.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('ConversationNote ("What I\'m keeping in mind", decision 083)', () => {
  it('shows the note line by line with when it was updated, and the user clears it', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'DELETE' ? json({ note: null }) : json({ note: { content: '- Cash: $4.2M.\n- Decided to close 3 stores.', updatedAt: '2026-12-02T15:45:00.000Z', editedByUser: false } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<ConversationNote sessionId="s1" />);
    const note = screen.getByTestId('conversation-note');
    expect(await within(note).findByText('Cash: $4.2M.')).toBeInTheDocument();
    expect(within(note).getByText('Decided to close 3 stores.')).toBeInTheDocument();
    expect(note).toHaveTextContent('Updated');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/chat-sessions/s1/note');

    await userEvent.click(within(note).getByRole('button', { name: 'Clear' }));
    expect(await within(note).findByText(noteText.empty)).toBeInTheDocument();
    expect(fetchMock.mock.calls.at(-1)![1]?.method).toBe('DELETE');
  });

  it('lets the user edit the note and saves their text', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? json({ note: { content: JSON.parse(String(init.body)).content, updatedAt: '2026-12-02T15:46:00.000Z', editedByUser: true } }) : json({ note: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<ConversationNote sessionId="s1" />);
    const note = screen.getByTestId('conversation-note');
    await userEvent.click(await within(note).findByRole('button', { name: 'Write a note' }));
    await userEvent.type(within(note).getByRole('textbox'), 'We sell in 3 countries.');
    await userEvent.click(within(note).getByRole('button', { name: 'Save' }));
    expect(await within(note).findByText('We sell in 3 countries.')).toBeInTheDocument();
    expect(note).toHaveTextContent('Edited by you');
  });
});
