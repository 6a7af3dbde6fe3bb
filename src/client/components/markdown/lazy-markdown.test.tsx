import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test gets a fresh lazy-markdown module (its loaded renderer is module state) and decides when, or
// whether, the renderer's chunk arrives.
afterEach(() => {
  vi.doUnmock('./gfm-markdown.tsx');
  vi.resetModules();
});

async function freshModule(renderer: () => Promise<unknown>) {
  vi.resetModules();
  vi.doMock('./gfm-markdown.tsx', renderer);
  return import('./lazy-markdown.tsx');
}

const reply = 'A **bold** plan\n\n- first step';

/** The reply with its fallback, beside a line that says whether the Markdown has settled. */
function renderWithProbe({ GfmMarkdown, useMarkdownSettled }: Pick<Awaited<ReturnType<typeof freshModule>>, 'GfmMarkdown' | 'useMarkdownSettled'>) {
  function Probe() {
    return <p>{useMarkdownSettled() ? 'settled' : 'not settled'}</p>;
  }
  render(
    <>
      <Probe />
      <GfmMarkdown content={reply} fallback={<span>waiting</span>} />
    </>,
  );
}

describe('the Markdown renderer, a chunk of its own (decision 042)', () => {
  it('once loaded, draws Markdown in the first render: no fallback, never the text unformatted first', async () => {
    const actual = await vi.importActual<typeof import('./gfm-markdown.tsx')>('./gfm-markdown.tsx');
    const { GfmMarkdown, preloadMarkdown } = await freshModule(async () => actual);
    await preloadMarkdown();
    render(<GfmMarkdown content={reply} fallback={<span>waiting</span>} />);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('first step');
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('before it is loaded, shows the fallback and not the words; then the formatted reply', async () => {
    const actual = await vi.importActual<typeof import('./gfm-markdown.tsx')>('./gfm-markdown.tsx');
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const { GfmMarkdown, useMarkdownSettled } = await freshModule(async () => {
      await arrived;
      return actual;
    });
    renderWithProbe({ GfmMarkdown, useMarkdownSettled });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByText(/bold/)).toBeNull();
    expect(screen.getByText('not settled')).toBeInTheDocument();
    await act(async () => arrive());
    expect((await screen.findByText('bold')).tagName).toBe('STRONG');
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('settled')).toBeInTheDocument();
  });

  it('when its chunk cannot be loaded, the words show as plain paragraphs rather than never', async () => {
    const { GfmMarkdown, useMarkdownSettled } = await freshModule(async () => {
      throw new Error('offline');
    });
    renderWithProbe({ GfmMarkdown, useMarkdownSettled });
    expect(await screen.findByText('A **bold** plan')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('settled')).toBeInTheDocument();
  });

  it('completes a reply still being written for display (streaming)', async () => {
    const actual = await vi.importActual<typeof import('./gfm-markdown.tsx')>('./gfm-markdown.tsx');
    const { GfmMarkdown, preloadMarkdown } = await freshModule(async () => actual);
    await preloadMarkdown();
    render(<GfmMarkdown content="My take: **price on value" streaming />);
    expect(screen.getByText('price on value').tagName).toBe('STRONG');
  });
});
