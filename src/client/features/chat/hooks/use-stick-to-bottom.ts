import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

const NEAR_BOTTOM_PX = 96;

/**
 * Keeps a scrolling transcript pinned to its end while new text arrives, unless the reader has
 * scrolled up; when older messages are prepended, the view stays on what the reader was looking at.
 * `awayFromEnd` says the reader is scrolled up (the screen offers "Jump to latest"; issue 14, defect 9).
 */
export function useStickToBottom<T extends HTMLElement>(active: boolean, contentKey: unknown, firstItemKey: unknown) {
  const ref = useRef<T>(null);
  // The element in state too: what mounts inside it in the same commit (the transcript's virtualizer, when a
  // conversation opens with its messages known) renders again once it is there, and finds it then.
  const [element, setElement] = useState<T | null>(null);
  const attach = useCallback((node: T | null) => {
    ref.current = node;
    setElement(node);
  }, []);
  const getElement = useCallback(() => element, [element]);
  const pinned = useRef(true);
  const previous = useRef<{ first: unknown; height: number; active: boolean }>({ first: firstItemKey, height: 0, active: false });

  const [awayFromEnd, setAwayFromEnd] = useState(false);

  const lastTop = useRef(0);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // Only the reader leaves the end, by scrolling up. A scroll event comes a frame after the scroll: a
    // busy page adds more text than NEAR_BOTTOM_PX in that frame, and judging by distance alone then
    // unpinned a reader who never moved (issue 29, point 12, seen on a loaded machine).
    const movedUp = el.scrollTop < lastTop.current - 1;
    lastTop.current = el.scrollTop;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) pinned.current = true;
    else if (movedUp) pinned.current = false;
    else if (pinned.current) el.scrollTop = el.scrollHeight;
    setAwayFromEnd(!pinned.current);
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    const wasActive = previous.current.active;
    previous.current.active = active;
    if (!el) return;
    if (!active) {
      if (wasActive) el.scrollTop = 0;
      setAwayFromEnd(false);
      return;
    }
    // A transcript that just appeared (opened, or the first message sent) starts at its end.
    if (!wasActive) pinned.current = true;
    const before = previous.current;
    if (before.first !== firstItemKey && before.height > 0 && !pinned.current) {
      // Earlier messages were added above: keep the same message in view.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (pinned.current) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { first: firstItemKey, height: el.scrollHeight, active };
  }, [active, contentKey, firstItemKey]);

  const scrollToBottom = useCallback(() => {
    pinned.current = true;
    setAwayFromEnd(false);
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || !active || typeof ResizeObserver === 'undefined') return;
    // Images, tables and fonts change heights after render; so does the view when what is around it changes.
    const observer = new ResizeObserver(() => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
      // A virtualized transcript fills in after the render that added its rows: the height the next
      // prepend is measured against is the one the reader last saw.
      previous.current.height = el.scrollHeight;
    });
    for (const child of Array.from(el.children)) observer.observe(child);
    // The view itself changes height too (the composer grows a row when a roundtable ends, "Jump to latest"
    // takes its row): the end stays in view while the reader is there (issue 29, point 12).
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, contentKey]);

  return { ref: attach, getElement, onScroll, scrollToBottom, awayFromEnd };
}
