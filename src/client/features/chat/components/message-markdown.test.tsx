import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageMarkdown } from './message-markdown.tsx';

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
