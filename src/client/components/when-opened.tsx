import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children from the first time `open` is true, and keeps them after (a dialog's closing
 * animation and focus return run as before). A screen with several dialogs builds none of them until one
 * is asked for; a dialog that is a chunk of its own (React.lazy) loads then, the screen unchanged meanwhile
 * (issue 18, decision 042). The request is not lost: `open` stays true until the dialog is there.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Derived from a prop: set while rendering, React renders again at once (no effect, no extra frame).
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
