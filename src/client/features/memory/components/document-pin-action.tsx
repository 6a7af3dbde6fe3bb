import { useQueryClient } from '@tanstack/react-query';
import { Crown, Pin, PinOff } from 'lucide-react';
import { errorCatalog, isUpgradeErrorCode } from '#contract/errors-text.ts';
import { memoryText } from '#contract/memory-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { errorCodeOf, errorMessageOf } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/class-names.ts';
import { notify } from '#client/lib/notify.ts';
import type { AttachedDocument, ShowUpgrade } from '#client/slots/chat.ts';
import { invalidateMemory, useMemory, usePinDocument, useUnpinDocument } from '../api/memory-api.ts';

/**
 * "Pin to company" beside an analysed document in the chat (decision 087). Whether it is pinned is the
 * server's pins list, read once with the memory page's own query (`GET /api/memory`), so both stay in
 * step; each change reads it again. Free: the upgrade dialog with the server's reason, never a pin.
 * A pinned document can always be unpinned, as on the page (decision 082).
 */
export function DocumentPinAction({ document, onUpgrade }: { document: AttachedDocument; onUpgrade: ShowUpgrade }) {
  const { data } = useMemory();
  const queryClient = useQueryClient();
  const pin = usePinDocument();
  const unpin = useUnpinDocument();
  // Nothing is claimed before the server has said what is pinned.
  if (!data) return null;
  const pinned = data.pinnedDocuments.some((item) => item.documentId === document.id);
  const busy = pin.isPending || unpin.isPending;
  const failed = (error: unknown) => {
    const message = errorMessageOf(error);
    if (isUpgradeErrorCode(errorCodeOf(error))) onUpgrade(message);
    else notify({ title: message, variant: 'destructive' });
    // Pinned or unpinned elsewhere meanwhile (the page, another tab): the list is read again.
    void invalidateMemory(queryClient);
  };

  const free = !pinned && !data.pinsAllowed;
  const onClick = pinned
    ? () => unpin.mutate(document.id, { onSuccess: () => notify({ title: memoryText.unpinned }), onError: failed })
    : free
      ? () => onUpgrade(errorCatalog['forbidden:memory_pins'].message)
      : () => pin.mutate(document.id, { onSuccess: () => notify({ title: memoryText.pinned, variant: 'success' }), onError: failed });
  return (
    <Button
      variant="ghost"
      className={cn(
        'group/pin h-9 gap-1.5 rounded-full px-2.5 text-xs',
        pinned ? 'bg-accent/60 text-accent-foreground hover:bg-muted dark:text-brand' : 'text-muted-foreground hover:text-foreground',
      )}
      aria-label={pinned ? memoryText.unpinDocument(document.name) : free ? memoryText.pinDocumentPremium(document.name) : memoryText.pinDocument(document.name)}
      title={pinned ? memoryText.unpin : free ? `${memoryText.pinToCompany} (Premium)` : memoryText.pinToCompany}
      disabled={busy}
      onClick={onClick}
      data-testid="document-pin"
      data-pinned={pinned}
    >
      {pinned ? (
        // Says it is pinned; pointed at or focused, says what a press does.
        <>
          <Pin aria-hidden className="fill-current group-hover/pin:hidden group-focus-visible/pin:hidden" />
          <PinOff aria-hidden className="hidden group-hover/pin:block group-focus-visible/pin:block" />
          <span className="group-hover/pin:hidden group-focus-visible/pin:hidden">{memoryText.pinnedShort}</span>
          <span className="hidden group-hover/pin:inline group-focus-visible/pin:inline">{memoryText.unpin}</span>
        </>
      ) : (
        <>
          <Pin aria-hidden />
          {/* On a phone the icon alone, named for assistive technology by aria-label. */}
          <span className="hidden sm:inline">{memoryText.pinToCompany}</span>
          {free ? <Crown aria-hidden className="size-3.5! text-brand" /> : null}
        </>
      )}
    </Button>
  );
}
