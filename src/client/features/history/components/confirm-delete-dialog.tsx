import { Trash2 } from 'lucide-react';
import { historyText } from '#contract/history-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/** "Delete ...? This cannot be undone." It stays open (and cannot be dismissed) while the delete runs. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, confirmLabel, pending, onConfirm }: Props) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? null : onOpenChange(next))}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner label="Deleting" /> : <Trash2 aria-hidden />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The one-conversation confirm of /history's cards and the chat sidebar: open while `conversation` is set. */
export function ConfirmDeleteConversation({ conversation, onCancel, pending, onConfirm }: { conversation: { title: string } | null; onCancel: () => void; pending: boolean; onConfirm: () => void }) {
  return (
    <ConfirmDeleteDialog
      open={conversation !== null}
      onOpenChange={(open) => (open ? null : onCancel())}
      title={historyText.confirmDelete.title}
      description={conversation ? historyText.confirmDelete.description(conversation.title) : ''}
      confirmLabel={historyText.confirmDelete.confirm}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
