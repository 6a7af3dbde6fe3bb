import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { WhenOpened } from './when-opened.tsx';

describe('WhenOpened (decision 042)', () => {
  it('builds nothing until first opened, then keeps its children (a closing animation, focus return)', () => {
    const { rerender } = render(
      <WhenOpened open={false}>
        <p>dialog</p>
      </WhenOpened>,
    );
    expect(screen.queryByText('dialog')).toBeNull();
    rerender(
      <WhenOpened open>
        <p>dialog</p>
      </WhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
    rerender(
      <WhenOpened open={false}>
        <p>dialog</p>
      </WhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });

  it('a dialog that is a chunk of its own shows once its chunk is here, the request kept meanwhile', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Dialog = lazy(async () => {
      await arrived;
      return { default: () => <p>loaded dialog</p> };
    });
    render(
      <>
        <p>page</p>
        <WhenOpened open>
          <Dialog />
        </WhenOpened>
      </>,
    );
    // The page stays as it is while the chunk loads (no fallback replaces it).
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByText('loaded dialog')).toBeNull();
    arrive();
    expect(await screen.findByText('loaded dialog')).toBeInTheDocument();
  });
});
