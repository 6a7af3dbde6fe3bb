import { Compass, MessageSquareQuote, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { advisorCardText } from '#contract/advisor-card-text.ts';
import { findAdvisorProfile } from '#contract/advisor-profiles.ts';
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

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
 * The advisor card's content: who the user is talking to, from the same persona lines the advice is written
 * with (decision 031). A chunk of its own with the profiles (advisor-card.tsx loads it when the card opens).
 */
export default function AdvisorProfile({ executiveRole, industry }: { executiveRole: string; industry: string }) {
  const profile = findAdvisorProfile(executiveRole);
  return (
    <>
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
    </>
  );
}
