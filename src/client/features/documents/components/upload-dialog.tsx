import { UploadCloud } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { uploadText } from '#contract/documents-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { cn } from '#client/lib/class-names.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  advisor: string;
  /** A free user's counter (used / limit); null for Premium. */
  allowance: { used: number; limit: number } | null;
  /** A file was chosen (or dropped); the caller checks its size and stages it. */
  onFile: (file: File) => void;
}

/** The upload dialog (spec section 2): choose or drop one file of any type, up to 100 MB. */
export function UploadDialog({ open, onOpenChange, advisor, allowance, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="upload-dialog-description">
        <DialogHeader>
          <DialogTitle>{uploadText.dialog.title}</DialogTitle>
          <DialogDescription id="upload-dialog-description">{uploadText.dialog.description(advisor)}</DialogDescription>
        </DialogHeader>
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="upload-drop-zone"
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            dragging ? 'border-brand bg-accent/60' : 'border-border bg-muted/40',
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-card shadow-xs ring-1 ring-border">
            <UploadCloud className="size-6 text-brand" aria-hidden />
          </span>
          <div className="flex flex-col items-center gap-1">
            <Button type="button" onClick={() => input.current?.click()}>
              {uploadText.dialog.choose}
            </Button>
            <span className="text-xs text-muted-foreground">{uploadText.dialog.drop}</span>
          </div>
          <input
            ref={input}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-label={uploadText.dialog.choose}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
        </div>
        <p className="text-xs leading-relaxed text-muted-foreground">{uploadText.dialog.formats}</p>
        {allowance ? <p className="rounded-lg bg-muted/60 px-3 py-2 text-xs text-foreground">{uploadText.dialog.allowance(allowance.used, allowance.limit)}</p> : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
