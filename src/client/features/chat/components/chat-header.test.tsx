import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chatText } from '#contract/chat.ts';
import { decisionsText } from '#contract/decisions.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { ChatHeader } from './chat-header.tsx';

function renderHeader(options: { audio?: boolean; onOpenDecisions?: (() => void) | null } = {}) {
  const toggle = vi.fn();
  renderWithProviders(
    <ChatHeader
      title="Chat with CFO - Energy"
      advisorCard={null}
      historyHref="/history"
      onNewConversation={() => {}}
      audio={{ enabled: options.audio ?? false, toggle }}
      exportMenu={null}
      profileMenu={null}
      decisions={<button type="button">{decisionsText.panel.button}</button>}
      onOpenDecisions={options.onOpenDecisions === undefined ? vi.fn() : options.onOpenDecisions}
    />,
  );
  return { toggle };
}

// jsdom applies no media queries: both the wide header's buttons and the phone's menu are in the page here; the
// layout at 390 px is checked in Chromium (tests/e2e/chat-advisor-header.spec.ts).
describe('ChatHeader: the phone menu (decision 039)', () => {
  it('opens the decision log from More actions', async () => {
    const onOpenDecisions = vi.fn();
    renderHeader({ onOpenDecisions });
    await userEvent.click(screen.getByRole('button', { name: chatText.header.more }));
    await userEvent.click(screen.getByRole('menuitem', { name: decisionsText.panel.button }));
    expect(onOpenDecisions).toHaveBeenCalledOnce();
  });

  it('shows reading aloud as a checked item when on, and toggles it', async () => {
    const { toggle } = renderHeader({ audio: true });
    await userEvent.click(screen.getByRole('button', { name: chatText.header.more }));
    const item = screen.getByRole('menuitemcheckbox', { name: chatText.header.readAloud });
    expect(item).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(item);
    expect(toggle).toHaveBeenCalledOnce();
  });

  it('offers no Decisions item without a decision log', async () => {
    renderHeader({ onOpenDecisions: null, audio: false });
    await userEvent.click(screen.getByRole('button', { name: chatText.header.more }));
    expect(screen.queryByRole('menuitem', { name: decisionsText.panel.button })).toBeNull();
    expect(screen.getByRole('menuitemcheckbox', { name: chatText.header.readAloud })).toHaveAttribute('aria-checked', 'false');
  });
});
