import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStickToBottom } from './use-stick-to-bottom.ts';

/** A scroller whose heights we set (jsdom has no layout): content `height`, a 500 px view. */
function fakeLayout(el: HTMLElement, box: { height: number }) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => box.height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 500 });
}

function Transcript({ content, onState }: { content: string; onState: (state: ReturnType<typeof useStickToBottom<HTMLElement>>) => void }) {
  const scroller = useStickToBottom<HTMLElement>(true, content, 'first');
  onState(scroller);
  return (
    <main ref={scroller.ref} onScroll={scroller.onScroll} data-testid="scroller">
      {content}
    </main>
  );
}

describe('useStickToBottom', () => {
  it('stays pinned when text grows by more than a screen between a scroll and its event; only scrolling up leaves the end', () => {
    const box = { height: 2000 };
    let state!: ReturnType<typeof useStickToBottom<HTMLElement>>;
    const view = render(<Transcript content="a" onState={(s) => (state = s)} />);
    const el = view.getByTestId('scroller');
    fakeLayout(el, box);
    view.rerender(<Transcript content="ab" onState={(s) => (state = s)} />);
    expect(el.scrollTop).toBe(2000);

    // A busy page: 400 px of new text arrive before the scroll event of the last programmatic scroll.
    el.scrollTop = 1500;
    box.height = 2400;
    act(() => void el.dispatchEvent(new Event('scroll')));
    expect(state.awayFromEnd).toBe(false);
    expect(el.scrollTop).toBe(2400);

    // The reader scrolls up: now they are away from the end, and new text does not move them.
    el.scrollTop = 900;
    act(() => void el.dispatchEvent(new Event('scroll')));
    expect(state.awayFromEnd).toBe(true);
    box.height = 2800;
    view.rerender(<Transcript content="abc" onState={(s) => (state = s)} />);
    expect(el.scrollTop).toBe(900);

    // Back near the end: pinned again.
    el.scrollTop = 2250;
    act(() => void el.dispatchEvent(new Event('scroll')));
    expect(state.awayFromEnd).toBe(false);
  });
});
