import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { accountText } from '#contract/account-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { ProfilePictureError, uploadProfilePicture } from '#client/lib/profile-picture.ts';
import { Avatar } from './avatar.tsx';

/**
 * The photo part of signup and Edit Profile (spec sections 2 and 5): pick an image, it is uploaded
 * and processed at once, and the preview shows what the server made of it. `value` is the object path.
 */
export function ProfilePictureField({
  value,
  onChange,
  names,
  onUploaded,
}: {
  value: string | null;
  onChange: (path: string | null) => void;
  names: { firstName: string; lastName: string };
  /** Called after a successful upload (signup says the picture is ready). */
  onUploaded?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  /** The file being or last uploaded: a change event React replays after hydration does not upload it twice. */
  const picked = useRef<File | null>(null);

  async function pick(file: File | undefined) {
    if (!file || file === picked.current) return;
    picked.current = file;
    setBusy(true);
    try {
      onChange(await uploadProfilePicture(file));
      onUploaded?.();
    } catch (error) {
      notify({ ...accountText.uploadFailed(error instanceof ProfilePictureError ? error.message : accountText.uploadUrlFailed(0)), variant: 'destructive' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
      picked.current = null;
    }
  }

  // Signup is prerendered: a file chosen before the page hydrated (its change event had no listener yet)
  // is still in the input, and is taken now instead of being silently dropped.
  useEffect(() => {
    void pick(input.current?.files?.[0]);
    // Once, at mount: later choices arrive as change events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex items-center gap-4" role="group" aria-labelledby={labelId}>
      <div className="relative shrink-0">
        <Avatar user={{ ...names, profileImageUrl: value }} size="xl" />
        {busy ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-background/70">
            <Spinner />
          </span>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <span id={labelId} className="text-sm font-medium">
          Photo <span className="font-normal text-muted-foreground">(optional)</span>
        </span>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <Camera aria-hidden />
            {value ? 'Change photo' : 'Upload photo'}
          </Button>
          {value ? (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => onChange(null)}>
              <Trash2 aria-hidden />
              Remove
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile photo file"
          data-testid="profile-picture-input"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
      </div>
    </div>
  );
}
