import { Switch } from 'radix-ui';
import { useId } from 'react';
import { accountText } from '#contract/account-text.ts';
import { notify } from '#client/lib/notify.ts';
import { useCookieConsent } from '../hooks/use-cookie-consent.ts';

/**
 * The Security dialog's cookie preferences (spec section 2): the same choice as the consent banner,
 * stored on the server for a signed-in account (spec section 4). On: analytics allowed (Accept All).
 */
export function CookiePreferenceToggle() {
  const consent = useCookieConsent();
  const id = useId();
  const hintId = `${id}-hint`;
  const checked = consent.accepted === true;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Analytics cookies
        </label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {accountText.cookiePreferencesHint}
        </p>
      </div>
      <Switch.Root
        id={id}
        aria-describedby={hintId}
        checked={checked}
        disabled={!consent.ready}
        onCheckedChange={(next) =>
          void consent.choose(next).then(
            () => notify({ ...accountText.cookiesSaved, variant: 'success' }),
            (error: unknown) => notify({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to save', variant: 'destructive' }),
          )
        }
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
    </div>
  );
}
