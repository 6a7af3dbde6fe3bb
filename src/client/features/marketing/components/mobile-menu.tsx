import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BrandMark } from '#client/components/layout/brand.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { clientConfig } from '#client/config.ts';

/**
 * Spec section 2: a slide-in menu for small screens holding the header's links. It is a native
 * modal <dialog>: focus stays inside, Escape closes it, the page behind is inert. Any link or
 * button inside, and any click on the backdrop, closes it.
 */
export function MobileMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // The page must not scroll behind the open menu.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      <dialog
        id="mobile-menu"
        ref={dialogRef}
        aria-label="Menu"
        onClose={close}
        onClick={(event) => {
          // The dialog box itself is only hit outside its content: that is the backdrop.
          if (event.target === event.currentTarget) close();
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,86vw)] max-w-none border-l bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/55 backdrop:backdrop-blur-[2px] open:animate-slide-in-right md:hidden"
      >
        {open ? (
          <div className="flex h-full flex-col">
            <div className="flex h-16 items-center justify-between border-b px-4">
              <span className="flex items-center gap-2.5 font-semibold">
                <BrandMark />
                {clientConfig.appName}
              </span>
              <Button variant="ghost" size="icon" aria-label="Close menu" onClick={close} autoFocus>
                <X className="size-5" aria-hidden />
              </Button>
            </div>
            <div className="flex flex-1 flex-col gap-6 overflow-y-auto p-4">{children(close)}</div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
