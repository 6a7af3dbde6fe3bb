import { Download, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { clientConfig } from '#client/config.ts';
import { useInstallOffer } from '../hooks/use-install-offer.ts';
import type { InstallOutcome } from '../install-state.ts';

/** Safari's Share icon (a box with an arrow out of its top), drawn as the visitor will see it. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" className="inline size-4 align-[-3px] text-sky-600 dark:text-sky-400" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" role="img" aria-label="Share">
      <path d="M12 3v12" />
      <path d="m8 7 4-4 4 4" />
      <path d="M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}

/** Samsung Internet's menu icon (three lines). */
function MenuLinesIcon() {
  return (
    <svg viewBox="0 0 24 24" className="inline size-4 align-[-3px]" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" role="img" aria-label="Menu">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

/** Chrome's menu icon on Android (three dots). */
function MenuDotsIcon() {
  return (
    <svg viewBox="0 0 24 24" className="inline size-4 align-[-3px]" fill="currentColor" role="img" aria-label="Menu">
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </svg>
  );
}

function Steps({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="text-xs text-muted-foreground sm:max-w-xs" role="note" aria-label={title}>
      <p className="flex items-center gap-2 font-medium text-foreground">
        <Smartphone className="size-3.5 shrink-0" aria-hidden />
        {title}
      </p>
      <ol className="mt-1.5 list-decimal space-y-1 pl-5">{children}</ol>
    </div>
  );
}

const manual = {
  ios_manual: (appName: string) => (
    <Steps title={`Install ${appName} on your iPhone or iPad`}>
      <li>
        Tap the Share button <ShareIcon /> in Safari&apos;s toolbar.
      </li>
      <li>Choose &lsquo;Add to Home Screen&rsquo;.</li>
      <li>Tap &lsquo;Add&rsquo;.</li>
    </Steps>
  ),
  samsung_manual: (appName: string) => (
    <Steps title={`Install ${appName} from Samsung Internet`}>
      <li>
        Tap the menu button <MenuLinesIcon /> at the bottom.
      </li>
      <li>Choose &lsquo;Add page to&rsquo;, then &lsquo;Home screen&rsquo;.</li>
    </Steps>
  ),
  android_manual: (appName: string) => (
    <Steps title={`Install ${appName} on your phone`}>
      <li>
        Tap the browser menu <MenuDotsIcon /> at the top.
      </li>
      <li>Choose &lsquo;Install app&rsquo; or &lsquo;Add to Home screen&rsquo;.</li>
    </Steps>
  ),
};

function failureText(outcome: InstallOutcome): string | null {
  if (outcome.success) return null;
  switch (outcome.reason) {
    case 'https_required':
      return 'Installing needs a secure (https) connection.';
    case 'error':
      return `Installation failed: ${outcome.message ?? 'Unknown error'}`;
    case 'unsupported':
      return "This browser can't install apps. Try Chrome, Edge or Safari.";
    default:
      return null;
  }
}

/** The install offer (spec sections 4 and 5): a button, step-by-step instructions, or nothing once installed. */
export function InstallOffer() {
  const { offer, outcome, install } = useInstallOffer();
  const appName = clientConfig.appName;
  if (outcome && !outcome.success && outcome.reason in manual) return manual[outcome.reason as keyof typeof manual](appName);
  if (offer === 'none') return null;
  if (offer === 'ios_manual' || offer === 'samsung_manual') return manual[offer](appName);
  const failure = outcome ? failureText(outcome) : null;
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-xs sm:items-end">
      <Button type="button" size="sm" variant="secondary" onClick={() => void install()} className="self-start sm:self-end">
        <Download aria-hidden />
        Install app
      </Button>
      <p className="text-xs text-muted-foreground">{failure ?? `Open ${appName} from your home screen or dock, like any app.`}</p>
    </div>
  );
}
