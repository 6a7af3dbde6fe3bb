import { chatText } from '#contract/chat-text.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

/** The list of keyboard shortcuts, opened with "?" or the keyboard button under the message box. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const text = chatText.shortcuts;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm" data-testid="shortcut-list">
          {text.list.map((shortcut) => (
            <div key={shortcut.action} className="flex items-center justify-between gap-4 border-b pb-2 last:border-b-0 last:pb-0">
              <dt className="text-muted-foreground">{shortcut.action}</dt>
              <dd className="flex shrink-0 items-center gap-1">
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="min-w-6 rounded-md border border-b-2 bg-muted px-1.5 py-0.5 text-center font-mono text-xs text-foreground">
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">{text.macNote}</p>
      </DialogContent>
    </Dialog>
  );
}
