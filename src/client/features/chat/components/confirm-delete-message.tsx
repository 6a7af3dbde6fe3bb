import { Trash2 } from 'lucide-react';
import { chatText } from '#contract/chat-text.ts';
import type { ChatMessageDto } from '#contract/chat.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

/**
 * Deleting a message asks first (issue 14, defect 8; decision 028): a question is deleted with its
 * reply, and says so. The deletion itself shows at once (and comes back if the server refuses).
 */
export function ConfirmDeleteMessage({ message, onCancel, onConfirm }: { message: ChatMessageDto | null; onCancel: () => void; onConfirm: (message: ChatMessageDto) => void }) {
  const text = message?.role === 'user' ? chatText.confirmDelete.question : chatText.confirmDelete.reply;
  return (
    <Dialog open={message !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{chatText.confirmDelete.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => message && onConfirm(message)}>
            <Trash2 aria-hidden />
            {chatText.confirmDelete.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
