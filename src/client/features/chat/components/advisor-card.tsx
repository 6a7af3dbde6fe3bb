import { Compass, MessageSquareQuote, Target, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { advisorCardText, findAdvisorProfile } from '#contract/advisor-profiles.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx';

interface Props {
  executiveRole: string;
  industry: string;
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The advisor made visible (issue 14, point 7): who the user is talking to, from the same persona lines
 * the advice is written with (decision 031). A dialog on desktop, a sheet from the bottom on phones.
 */
export function AdvisorCard({ executiveRole, industry }: Props) {
  const profile = findAdvisorProfile(executiveRole);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="max-sm:size-9 max-sm:px-0" aria-label={advisorCardText.open} title={advisorCardText.open}>
          <UserRound aria-hidden />
          <span className="hidden lg:inline">{executiveRole}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl gap-5 max-sm:top-auto max-sm:bottom-0 max-sm:max-h-[85dvh] max-sm:w-full max-sm:max-w-none max-sm:translate-y-0 max-sm:rounded-b-none max-sm:pb-[max(env(safe-area-inset-bottom),1.5rem)]">
        <DialogHeader>
          <DialogTitle>{advisorCardText.title(executiveRole)}</DialogTitle>
          <DialogDescription>{advisorCardText.subtitle(profile.title, industry)}</DialogDescription>
        </DialogHeader>
        <Section icon={<Target className="size-3.5" aria-hidden />} title={advisorCardText.focus}>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {profile.priorities.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Section>
        <Section icon={<Compass className="size-3.5" aria-hidden />} title={advisorCardText.frameworks}>
          <dl className="grid gap-2 text-sm">
            {profile.decisionFrameworks.map((f) => (
              <div key={f.name} className="rounded-lg border bg-muted/40 px-3 py-2">
                <dt className="font-semibold">{f.name}</dt>
                <dd className="text-muted-foreground first-letter:uppercase">{f.howApplied}.</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section icon={<MessageSquareQuote className="size-3.5" aria-hidden />} title={advisorCardText.style}>
          <p className="text-sm">{profile.communicationStyle}</p>
        </Section>
      </DialogContent>
    </Dialog>
  );
}
