import { inBackground } from '#server/db/work-priority.ts';

/** The reply text is saved at most this often while it streams (and once at the end). */
export const SAVE_INTERVAL_MS = 250;

export interface ThrottledSaver {
  /** The text grew: it is saved within `intervalMs` (one save at a time, the newest text). */
  update(text: string): void;
  /** Cancels a save not yet begun and waits for the one under way: call before the final save. */
  settle(): Promise<void>;
}

/**
 * Saves progress at most every `intervalMs`. `save` answers false when the row no longer wants it
 * (the reply was stopped on another instance, or deleted): `onGone` runs then.
 */
export function createThrottledSaver(options: {
  intervalMs?: number;
  save: (text: string) => Promise<boolean>;
  onGone: () => void;
  onError: (err: unknown) => void;
}): ThrottledSaver {
  const intervalMs = options.intervalMs ?? SAVE_INTERVAL_MS;
  let latest = '';
  let saved = 0;
  let lastSaveAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();

  const saveNow = async () => {
    if (latest.length === saved) return;
    const snapshot = latest;
    lastSaveAt = Date.now();
    try {
      // Progress saves are background work: a request's statements go first (the final save is not one of these).
      const wanted = await inBackground(() => options.save(snapshot));
      saved = snapshot.length;
      if (!wanted) options.onGone();
    } catch (err) {
      options.onError(err);
    }
  };

  return {
    update(text) {
      latest = text;
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          saving = saving.then(saveNow);
        },
        Math.max(0, lastSaveAt + intervalMs - Date.now()),
      );
    },
    async settle() {
      clearTimeout(timer);
      timer = undefined;
      await saving;
    },
  };
}
