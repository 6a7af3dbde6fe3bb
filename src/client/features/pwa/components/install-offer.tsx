import { Download, Smartphone, type LucideIcon } from 'lucide-react';
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

/** The offer's frame: an icon, a title, what to do, and the action if there is one. */
function OfferPanel({ icon: Icon, title, label, children, action }: { icon: LucideIcon; title: string; label?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4 sm:flex-row sm:items-center sm:gap-4"
      {...(label ? { role: 'note', 'aria-label': label } : {})}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-brand/15 dark:text-brand" aria-hidden>
          <Icon className="size-4.5" />
        </span>
        <div className="min-w-0 text-sm">
          <p className="font-medium text-foreground">{title}</p>
          <div className="mt-0.5 text-muted-foreground">{children}</div>
        </div>
      </div>
      {action}
    </div>
  );
}

/** Each browser that cannot install on request: where, then what to tap, in the visitor's own words for it. */
const manual = {
  ios_manual: {
    where: 'on your iPhone or iPad',
    steps: [
      <>
        Tap the Share button <ShareIcon /> in Safari&apos;s toolbar.
      </>,
      <>Choose &lsquo;Add to Home Screen&rsquo;.</>,
      <>Tap &lsquo;Add&rsquo;.</>,
    ],
  },
  samsung_manual: {
    where: 'from Samsung Internet',
    steps: [
      <>
        Tap the menu button <MenuLinesIcon /> at the bottom.
      </>,
      <>Choose &lsquo;Add page to&rsquo;, then &lsquo;Home screen&rsquo;.</>,
    ],
  },
  android_manual: {
    where: 'on your phone',
    steps: [
      <>
        Tap the browser menu <MenuDotsIcon /> at the top.
      </>,
      <>Choose &lsquo;Install app&rsquo; or &lsquo;Add to Home screen&rsquo;.</>,
    ],
  },
};
type ManualPlatform = keyof typeof manual;

function ManualSteps({ platform, appName }: { platform: ManualPlatform; appName: string }) {
  const { where, steps } = manual[platform];
  const title = `Install ${appName} ${where}`;
  return (
    <OfferPanel icon={Smartphone} title={title} label={title}>
      <ol className="mt-1 list-decimal space-y-1 pl-4.5">
        {steps.map((step, index) => (
          // The steps are fixed and never reordered: their place is their identity.
          <li key={index}>{step}</li>
        ))}
      </ol>
    </OfferPanel>
  );
}

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
  if (outcome && !outcome.success && outcome.reason in manual) return <ManualSteps platform={outcome.reason as ManualPlatform} appName={appName} />;
  if (offer === 'none') return null;
  if (offer === 'ios_manual' || offer === 'samsung_manual') return <ManualSteps platform={offer} appName={appName} />;
  const failure = outcome ? failureText(outcome) : null;
  return (
    <OfferPanel
      icon={Download}
      title={`Get the ${appName} app`}
      action={
        <Button type="button" size="sm" onClick={() => void install()} className="self-start sm:self-center">
          <Download aria-hidden />
          Install app
        </Button>
      }
    >
      <p className={failure ? 'text-destructive' : undefined}>{failure ?? 'Open it from your home screen or dock, like any app, and pick up where you left off.'}</p>
    </OfferPanel>
  );
}
