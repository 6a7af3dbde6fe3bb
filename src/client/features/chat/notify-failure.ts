import { notify } from '#client/lib/notify.ts';
import { isUpgradeError } from './logic/chat-rules.ts';

import type { ShowUpgrade } from '#client/slots/chat.ts';

export type { ShowUpgrade };

/**
 * What a failed chat call tells the user: a refusal that Premium lifts (decided by the API's error
 * code) opens the upgrade dialog; anything else shows the action's own notice.
 */
export function notifyFailure(error: unknown, notice: { title: string; description: string }, showUpgrade: ShowUpgrade): void {
  if (isUpgradeError(error)) showUpgrade((error as Error).message);
  else notify({ ...notice, variant: 'destructive' });
}
