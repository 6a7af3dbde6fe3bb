import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('lazyModule (decision 042)', () => {
  it('answers undefined while its chunk loads, asks for it once, then renders it', async () => {
    const chunk = deferred<{ word: string }>();
    const load = vi.fn(() => chunk.promise);
    const module = lazyModule(load);
    function Reader() {
      return <p>{module.use()?.word ?? 'loading'}</p>;
    }
    render(
      <>
        <Reader />
        <Reader />
      </>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    await act(async () => chunk.resolve({ word: 'here' }));
    expect(screen.getAllByText('here')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('once loaded, a component reading it renders it in its first render (no loading pass)', async () => {
    const module = lazyModule(async () => ({ word: 'here' }));
    module.preload();
    // The chunk arrives (a resolved import, a microtask later).
    await act(async () => {});
    const renders: string[] = [];
    function Reader() {
      const word = module.use()?.word ?? 'loading';
      renders.push(word);
      return <p>{word}</p>;
    }
    render(<Reader />);
    expect(renders[0]).toBe('here');
  });

  it('a failed load is tried again by the next request', async () => {
    const load = vi.fn<() => Promise<{ word: string }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ word: 'here' });
    const module = lazyModule(load);
    module.preload();
    await act(async () => {});
    function Reader() {
      return <p>{module.use()?.word ?? 'loading'}</p>;
    }
    render(<Reader />);
    expect(await screen.findByText('here')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
