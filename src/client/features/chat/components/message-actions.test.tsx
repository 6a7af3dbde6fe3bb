import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { decisionsText } from '#contract/decisions.ts';
import { chatMessage } from '#tests/helpers/chat-message.ts';
import { MessageActions } from './message-actions.tsx';

const message: ChatMessageDto = chatMessage({ content: 'Advice' });
const handlers = () => ({ rate: vi.fn(), copy: vi.fn(async () => true), remove: vi.fn(), stop: vi.fn(), retry: vi.fn() });

describe('MessageActions', () => {
  it('replies can be liked, disliked, copied and deleted', async () => {
    const h = handlers();
    render(<MessageActions message={{ ...message, like: 1 }} handlers={h} />);
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Dislike' }));
    expect(h.rate).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }), 'dislike');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(h.remove).toHaveBeenCalled();
  });

  it("the user's own messages can only be copied and deleted", () => {
    render(<MessageActions message={{ ...message, role: 'user' }} handlers={handlers()} />);
    expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dislike' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('a reply still being written cannot be rated or copied yet', () => {
    render(<MessageActions message={{ ...message, status: 'streaming' }} handlers={handlers()} />);
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
  });
});

describe('MessageActions: regenerate and edit (issue 14, point 4)', () => {
  it('offers Regenerate on a finished reply only, and Edit on the last question only', async () => {
    const h = { ...handlers(), regenerate: vi.fn(), edit: vi.fn() };
    const { rerender } = render(<MessageActions message={message} handlers={h} />);
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(h.regenerate).toHaveBeenCalledWith(message);
    rerender(<MessageActions message={{ ...message, status: 'streaming' }} handlers={h} />);
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    const question = { ...message, role: 'user' as const };
    rerender(<MessageActions message={question} handlers={h} />);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    rerender(<MessageActions message={question} handlers={h} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(h.edit).toHaveBeenCalledWith(question);
  });
});

describe('MessageActions: save decision (issue 14, point 6)', () => {
  it('offers Save decision on a finished reply only, never on a question or a reply still being written', async () => {
    const h = { ...handlers(), saveDecision: vi.fn() };
    const { rerender } = render(<MessageActions message={message} handlers={h} />);
    await userEvent.click(screen.getByRole('button', { name: decisionsText.saveAction }));
    expect(h.saveDecision).toHaveBeenCalledWith(message);
    rerender(<MessageActions message={{ ...message, status: 'streaming' }} handlers={h} />);
    expect(screen.queryByRole('button', { name: decisionsText.saveAction })).toBeNull();
    rerender(<MessageActions message={{ ...message, role: 'user' }} handlers={h} />);
    expect(screen.queryByRole('button', { name: decisionsText.saveAction })).toBeNull();
    // Without the decision log (no handler), no button.
    rerender(<MessageActions message={message} handlers={handlers()} />);
    expect(screen.queryByRole('button', { name: decisionsText.saveAction })).toBeNull();
  });
});
