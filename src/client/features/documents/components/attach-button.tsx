import { Paperclip } from 'lucide-react';
import { useId } from 'react';
import { uploadText } from '#contract/documents-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/class-names.ts';

/** Why attaching is not possible now (spec section 5), or 'ready'. */
export type AttachState = 'ready' | 'no-allowance' | 'uploading' | 'staged';

interface Props {
  state: AttachState;
  onAttach: () => void;
  /** Today's allowance is used: pressing the (disabled-looking) button offers Premium instead. */
  onUpgrade: () => void;
  /** Pointed at or focused: the upload dialog (a chunk of its own) may be asked for. */
  onPrepare?: () => void;
}

const reasons: Record<Exclude<AttachState, 'ready'>, string> = {
  'no-allowance': uploadText.attachDisabled.noAllowance,
  uploading: uploadText.attachDisabled.uploading,
  staged: uploadText.attachDisabled.staged,
};

/**
 * The composer's paperclip. Disabled while uploading or while a file is staged; with today's
 * allowance used it is marked disabled (aria-disabled, so it keeps focus and its reason) and
 * opens the upgrade dialog, the only way to attach more today.
 */
export function AttachButton({ state, onAttach, onUpgrade, onPrepare }: Props) {
  const reasonId = useId();
  const reason = state === 'ready' ? null : reasons[state];
  const hardDisabled = state === 'uploading' || state === 'staged';
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={cn('size-9 rounded-full', state === 'no-allowance' && 'opacity-55')}
        aria-label="Attach a document"
        aria-describedby={reason ? reasonId : undefined}
        aria-disabled={state === 'no-allowance' ? true : undefined}
        disabled={hardDisabled}
        title={reason ?? 'Attach a document'}
        onClick={state === 'no-allowance' ? onUpgrade : onAttach}
        onPointerEnter={onPrepare}
        onFocus={onPrepare}
      >
        <Paperclip aria-hidden />
      </Button>
      {reason ? (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      ) : null}
    </>
  );
}
