import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { advisorCardText, advisorProfiles } from '#contract/advisor-profiles.ts';
import { AdvisorCard } from './advisor-card.tsx';

describe('AdvisorCard', () => {
  it("opens on the executive's focus, frameworks and style, in the conversation's industry", async () => {
    render(<AdvisorCard executiveRole="CFO" industry="Healthcare" />);
    await userEvent.click(screen.getByRole('button', { name: advisorCardText.open }));
    const card = screen.getByRole('dialog', { name: advisorCardText.title('CFO') });
    const cfo = advisorProfiles.CFO;
    // The profiles are a chunk of their own, loaded when the card opens (decision 042).
    await within(card).findByText(cfo.communicationStyle);
    expect(card).toHaveTextContent(advisorCardText.subtitle(cfo.title, 'Healthcare'));
    for (const p of cfo.priorities) expect(within(card).getByText(p)).toBeInTheDocument();
    for (const f of cfo.decisionFrameworks) expect(within(card).getByText(f.name)).toBeInTheDocument();
    expect(within(card).getByText(cfo.communicationStyle)).toBeInTheDocument();
    expect(card).not.toHaveTextContent(advisorProfiles.CEO.communicationStyle);
  });

  it('an unknown role (old data) shows the generalist rather than nothing', async () => {
    render(<AdvisorCard executiveRole="Chief Vibes Officer" industry="Music" />);
    await userEvent.click(screen.getByRole('button', { name: advisorCardText.open }));
    expect(await screen.findByText('Senior Executive, advising in Music')).toBeInTheDocument();
  });
});
