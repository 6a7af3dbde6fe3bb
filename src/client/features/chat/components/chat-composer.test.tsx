import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChatComposer } from './chat-composer.tsx';

function Harness({ onSend, streaming = false, busy = false }: { onSend: (text: string) => Promise<boolean>; streaming?: boolean; busy?: boolean }) {
  const [draft, setDraft] = useState('');
  const idle = { onStop: () => {}, advisor: 'CEO', voice: { listening: false, toggle: () => {} } };
  return <ChatComposer {...idle} draft={draft} setDraft={setDraft} onSend={onSend} busy={busy} streaming={streaming} />;
}

describe('ChatComposer', () => {
  it('sends on Enter and clears the input', async () => {
    const onSend = vi.fn(async () => true);
    render(<Harness onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'Should we expand to Europe?{Enter}');
    expect(onSend).toHaveBeenCalledWith('Should we expand to Europe?');
    expect(input).toHaveValue('');
  });

  it('returns to the input once sent, but leaves the focus where the user took it meanwhile (an export menu opened while it was sent)', async () => {
    let done: (sent: boolean) => void = () => {};
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (done = resolve)));
    render(
      <>
        <Harness onSend={onSend} />
        <button type="button">Export conversation</button>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'First{Enter}');
    input.blur(); // the send button or the input lost the focus to nothing: it comes back
    await act(async () => done(true));
    expect(input).toHaveFocus();

    await userEvent.type(input, 'Second{Enter}');
    const elsewhere = screen.getByRole('button', { name: 'Export conversation' });
    elsewhere.focus();
    await act(async () => done(true));
    expect(elsewhere).toHaveFocus();
  });

  it('adds a line on Shift+Enter without sending', async () => {
    const onSend = vi.fn(async () => true);
    render(<Harness onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'First line{Shift>}{Enter}{/Shift}Second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('First line\nSecond line');
  });

  it('keeps Send disabled while the input is empty or blank', async () => {
    render(<Harness onSend={vi.fn(async () => true)} />);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'x');
    expect(send).toBeEnabled();
  });

  it('does not send while a send is pending', async () => {
    const onSend = vi.fn(async () => true);
    render(<Harness onSend={onSend} busy />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('gives the words back when the message was not sent', async () => {
    render(<Harness onSend={vi.fn(async () => false)} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'Keep me{Enter}');
    expect(input).toHaveValue('Keep me');
  });

  it('offers Stop instead of Send while a reply is being written', () => {
    render(<Harness onSend={vi.fn(async () => true)} streaming />);
    expect(screen.getByRole('button', { name: 'Stop reply' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
  });
});
