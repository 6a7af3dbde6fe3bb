import { useEffect } from 'react';
import { readStorage, sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';

/** The composer's text kept by useKeepDraft, or '' (the initial state of the composer's draft). */
export function keptDraft(): string {
  return readStorage('session', sessionKeys.chatDraft) ?? '';
}

/**
 * Keeps the composer's text in this tab's session storage as it is typed (issue 29, point 5): a reload, offline
 * or not, gives it back, so nothing typed is lost while sending waits. A sign-out removes it (lib/session.ts).
 */
export function useKeepDraft(draft: string): void {
  useEffect(() => writeStorage('session', sessionKeys.chatDraft, draft || null), [draft]);
}
