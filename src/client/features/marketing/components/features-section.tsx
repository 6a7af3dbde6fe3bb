import { Factory, FileText, History, Mic, Swords, Users, UsersRound, type LucideIcon } from 'lucide-react';
import { freeExecutiveRolesText } from '#contract/plan-features.ts';
import { executiveRoles, industries } from '#contract/roles.ts';

interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
  tags: readonly string[];
}

const features: Feature[] = [
  {
    icon: Users,
    title: `${executiveRoles.length} executive advisors`,
    body: 'Ask a CEO about strategy, a CFO about cash, a CISO about risk or a VP Sales about pipeline. Each role brings its own priorities, vocabulary and blind spots, so you hear the perspective you are missing.',
    tags: ['CEO', 'CFO', 'COO', 'CMO', 'CTO', 'CHRO', 'CISO', 'VP Sales'],
  },
  {
    icon: Factory,
    title: 'Grounded in your industry',
    body: `Choose from ${industries.length} industries, from Aerospace & Defense and Healthcare to Music and Travel & Leisure. Advice reflects the regulation, margins and customers of your market, not generic business-school talk.`,
    tags: ['Healthcare', 'Manufacturing', 'Retail', 'Technology', 'Energy'],
  },
  {
    icon: Swords,
    title: 'Rehearse the hard conversations',
    body: 'Prepare for a board meeting, a round of layoffs or a fundraising pitch. Tell your advisor who you are and have your plan challenged before the people across the table do it for you.',
    tags: ['Board meetings', 'Layoffs', 'Fundraising', 'Pricing'],
  },
];

// `soon`: announced, not in this build yet; said honestly until it lands (issue 14, defect 14).
const extras: Array<{ icon: LucideIcon; title: string; body: string; premium?: boolean; soon?: boolean }> = [
  { icon: FileText, title: 'Document analysis', body: 'Attach a business plan, contract or P&L and get feedback in your advisor’s voice.' },
  { icon: Mic, title: 'Voice in, voice out', body: 'Dictate your question on the move and have replies read aloud.' },
  { icon: History, title: 'History and PDF export', body: 'Search past conversations and share a clean PDF with your team.', premium: true },
  {
    icon: UsersRound,
    title: 'Roundtables',
    body: 'Seat 2 to 5 executives around one question: they answer blind, rebut each other, and a chair writes the verdict. Or pit two in a head-to-head.',
    premium: true,
  },
];

const steps = [
  { title: 'Say who you are', body: `Pick your own role, from founder-CEO to VP or manager, so advice fits your seat at the table.` },
  { title: 'Choose your advisor', body: `Start with the ${freeExecutiveRolesText} advisors for free, or unlock every role with Premium.` },
  { title: 'Think out loud', body: 'Ask, push back, follow up. Your advisor keeps the context of the whole conversation.' },
];

export function FeaturesSection() {
  return (
    <section id="features" tabIndex={-1} aria-labelledby="features-title" className="render-when-near scroll-mt-16 py-20 outline-none [contain-intrinsic-size:auto_2450px] sm:py-28 md:[contain-intrinsic-size:auto_1690px] lg:[contain-intrinsic-size:auto_1260px]">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-foreground">Features</p>
          <h2 id="features-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Built for the decisions you can&apos;t delegate
          </h2>
          <p className="mt-4 text-lg text-pretty text-muted-foreground">
            Big companies have a leadership team to think things through with. Now you do too: candid, available at midnight and never in a hurry.
          </p>
        </div>

        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, body, tags }) => (
            <article key={title} className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md sm:p-7">
              <span className="flex size-11 items-center justify-center rounded-xl bg-[#13294b] text-[#e9b95c]">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{body}</p>
              <ul aria-label="Examples" className="mt-5 flex flex-wrap gap-1.5">
                {tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-secondary px-2.5 py-1 text-xs font-medium text-secondary-foreground">
                    {tag}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>

        <div className="mt-16 grid gap-10 rounded-2xl border bg-muted/40 p-6 sm:p-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
          <div>
            <h3 className="text-xl font-semibold">How it works</h3>
            <ol className="mt-6 grid gap-6">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full border-2 border-brand text-sm font-bold" aria-hidden>
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold">{step.title}</p>
                    <p className="mt-1 text-sm text-muted-foreground">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h3 className="text-xl font-semibold">Also included</h3>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2">
              {extras.map(({ icon: Icon, title, body, premium, soon }) => (
                <li key={title} className="flex gap-3">
                  <Icon className="mt-0.5 size-5 shrink-0 text-accent-foreground" aria-hidden />
                  <div>
                    <p className="flex flex-wrap items-center gap-2 font-semibold">
                      {title}
                      {premium ? <span className="rounded-full bg-accent px-2 py-0.5 text-[0.7rem] font-semibold text-accent-foreground">Premium</span> : null}
                      {soon ? <span className="rounded-full border px-2 py-0.5 text-[0.7rem] font-semibold text-muted-foreground">Coming soon</span> : null}
                    </p>
                    <p className="mt-1 text-sm text-muted-foreground">{body}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
