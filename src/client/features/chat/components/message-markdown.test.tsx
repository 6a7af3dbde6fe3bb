import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadMarkdown } from '#client/components/markdown/lazy-markdown.tsx';
import { MessageMarkdown } from './message-markdown.tsx';

// The renderer is a chunk of its own (decision 042); the chat screen waits for it before showing replies.
beforeAll(() => preloadMarkdown());

describe('MessageMarkdown with hostile nesting (issue 9, finding 9)', () => {
  it('renders a reply of 6,000 > as text instead of crashing', () => {
    render(<MessageMarkdown content={`${'>'.repeat(6000)} end`} />);
    expect(screen.getByText(/>{100}.* end$/)).toBeInTheDocument();
  });

  it('still renders an ordinary quote', () => {
    render(<MessageMarkdown content="> wise words" />);
    expect(screen.getByText('wise words').closest('blockquote')).not.toBeNull();
  });
});
