import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContextSelectors } from './context-selectors.tsx';

const context = { userRole: 'Research Analyst', executiveRole: 'CEO', industry: 'Technology' };
const star = { visible: false, saved: false, saving: false, onToggle: () => {} };

/** Renders the selectors and opens them from the context line (folded, they are not in the page; their chunk loads). */
async function setup(props: Partial<Parameters<typeof ContextSelectors>[0]> = {}) {
  const handlers = { onChange: vi.fn(), onLockedExecutive: vi.fn(), onUpgrade: vi.fn() };
  render(<ContextSelectors context={context} isPremium={false} fixed={false} star={star} {...handlers} {...props} />);
  await userEvent.click(screen.getByRole('button', { name: / talking to / }));
  await screen.findByRole('combobox', { name: 'Talk to' });
  return handlers;
}

describe('ContextSelectors', () => {
  it('a free user choosing a locked executive gets the upgrade dialog and keeps the previous one', async () => {
    const { onChange, onLockedExecutive } = await setup();
    await userEvent.click(screen.getByRole('combobox', { name: 'Talk to' }));
    const cto = screen.getByRole('option', { name: /CTO/ });
    expect(cto).toHaveTextContent('Premium');
    await userEvent.click(cto);
    expect(onLockedExecutive).toHaveBeenCalledWith('CTO');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Talk to' })).toHaveTextContent('CEO');
  });

  it('a free user may pick another free executive', async () => {
    const { onChange } = await setup();
    await userEvent.click(screen.getByRole('combobox', { name: 'Talk to' }));
    await userEvent.click(screen.getByRole('option', { name: 'CFO' }));
    expect(onChange).toHaveBeenCalledWith({ executiveRole: 'CFO' });
  });

  it('premium users see no locks', async () => {
    const { onChange } = await setup({ isPremium: true });
    await userEvent.click(screen.getByRole('combobox', { name: 'Talk to' }));
    expect(screen.getByRole('option', { name: 'CTO' })).not.toHaveTextContent('Premium');
    await userEvent.click(screen.getByRole('option', { name: 'CTO' }));
    expect(onChange).toHaveBeenCalledWith({ executiveRole: 'CTO' });
  });

  it('once a free conversation has started the selectors are disabled, with the reason', async () => {
    await setup({ fixed: true });
    for (const name of ['My Role', 'Talk to', 'Industry']) expect(screen.getByRole('combobox', { name })).toBeDisabled();
    expect(screen.getByText(/stay fixed once a conversation starts/)).toBeInTheDocument();
  });

  it('shows the star only when asked, pressed when the context is the saved default', async () => {
    await setup({ isPremium: true, star: { ...star, visible: true, saved: true } });
    expect(screen.getByRole('button', { name: /Saved as your defaults/ })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('ContextSelectors, the compact context line', () => {
  it('says who talks to whom in which industry, and opens the selectors on click', async () => {
    render(<ContextSelectors context={context} isPremium={false} fixed={false} star={star} onChange={vi.fn()} onLockedExecutive={vi.fn()} onUpgrade={vi.fn()} />);
    const line = screen.getByRole('button', { name: /Research Analyst talking to CEO · Technology/ });
    expect(line).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(line.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveClass('hidden');
    // Folded, the three selects are not rendered at all (their options would be, unseen: issue 18, decision 042).
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    await userEvent.click(line);
    expect(line).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
    expect((await screen.findAllByRole('combobox')).map((box) => box.getAttribute('aria-label'))).toEqual(['My Role', 'Talk to', 'Industry']);
    await userEvent.click(line);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
  });
});
