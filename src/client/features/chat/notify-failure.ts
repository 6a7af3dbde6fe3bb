import { notify } from '#client/lib/notify.ts';
import { isUpgradeError } from './logic/chat-rules.ts';

/** Opens the upgrade dialog, saying why (the server's words for the refusal). */
export type ShowUpgrade = (reason?: string) => void;

/**
 * What a failed chat call tells the user: a refusal that Premium lifts (decided by the API's error
 * code) opens the upgrade dialog; anything else shows the action's own notice.
 */
export function notifyFailure(error: unknown, notice: { title: string; description: string }, showUpgrade: ShowUpgrade): void {
  if (isUpgradeError(error)) showUpgrade((error as Error).message);
  else notify({ ...notice, variant: 'destructive' });
}
