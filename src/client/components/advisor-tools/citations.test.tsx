import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolActivity } from '#contract/tools.ts';
import { preloadMarkdown } from '#client/components/markdown/lazy-markdown.tsx';
import { MessageMarkdown } from '#client/features/chat/components/message-markdown.tsx';
import { CitationScope } from './citations.tsx';
import { SourceList } from './source-list.tsx';

beforeAll(() => preloadMarkdown());

const tools: ToolActivity[] = [
  {
    callId: 'call_read',
    name: 'read_document',
    label: 'Reading q3-pl.xlsx, sheet Costs',
    status: 'done',
    sources: [
      { n: 1, documentId: 'd1', file: 'q3-pl.xlsx', location: 'sheet Costs, rows 4–9', text: 'Revenue grew. Net burn was 169,000 a month. Cash at end 2.4M.', quote: 'Net burn was 169,000 a month.' },
      { n: 2, documentId: 'd1', file: 'q3-pl.xlsx', location: 'sheet Costs, rows 10–12', text: 'Headcount 40.', quote: 'Headcount 40.' },
    ],
  },
];

function Reply({ content }: { content: string }) {
  return (
    <CitationScope tools={tools}>
      <MessageMarkdown content={content} />
      <SourceList tools={tools} />
    </CitationScope>
  );
}

describe('citation markers in a reply (issue 32, point 3)', () => {
  it('turns each [n] that names a source into a button that opens that source with the quote highlighted', async () => {
    const user = userEvent.setup();
    render(<Reply content={'Burn is 169K a month [1], headcount 40 [2].'} />);
    const body = screen.getByTestId('reply-body');
    const marker = within(body).getByRole('button', { name: 'Source 1: q3-pl.xlsx, sheet Costs, rows 4–9' });
    expect(marker).toHaveTextContent('[1]');
    await user.click(marker);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: '[1] q3-pl.xlsx' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('source-quote')).toHaveTextContent('Net burn was 169,000 a month.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(marker).toHaveFocus();
  });

  it('is keyboard operable: Tab reaches a marker and Enter opens its source', async () => {
    const user = userEvent.setup();
    render(<Reply content={'Headcount is 40 [2].'} />);
    await user.tab();
    expect(within(screen.getByTestId('reply-body')).getByRole('button', { name: /^Source 2:/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(await screen.findByRole('dialog')).getByTestId('source-quote')).toHaveTextContent('Headcount 40.');
  });

  it('leaves [n] with no matching source, and code, as plain text', () => {
    render(<Reply content={'Not a source [7].\n\n`see [1]`\n\n```\narr[1] = 2\n```'} />);
    const body = screen.getByTestId('reply-body');
    expect(within(body).queryAllByRole('button', { name: /^Source/ })).toHaveLength(0);
    expect(body).toHaveTextContent('Not a source [7].');
    expect(within(body).getByText('see [1]').tagName).toBe('CODE');
    expect(body).toHaveTextContent('arr[1] = 2');
  });

  it('outside a scope, [n] stays text', () => {
    render(<MessageMarkdown content={'Burn [1].'} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('reply-body')).toHaveTextContent('Burn [1].');
  });
});
