import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog.tsx';

/** A dialog with no Dialog.Trigger, opened from code (as a shortcut, a menu item or a failed send does). */
function OpenedFromCode({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {!(removeOpener && open) && <input aria-label="Message" onKeyDown={(event) => event.key === '?' && setOpen(true)} />}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Shortcuts</DialogTitle>
          <DialogDescription>Keys</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  it('gives focus back to what had it when the dialog opened', async () => {
    render(<OpenedFromCode />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Message' }));
    await userEvent.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Shortcuts' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('falls back to the page when that element is gone', async () => {
    render(<OpenedFromCode removeOpener />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Message' }));
    await userEvent.keyboard('?');
    await screen.findByRole('dialog', { name: 'Shortcuts' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body).toHaveFocus();
  });
});
