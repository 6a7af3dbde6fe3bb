import { Lock, Scale, Target } from 'lucide-react';
import { clientConfig } from '#client/config.ts';

const principles = [
  {
    icon: Target,
    title: 'Candid, not flattering',
    body: 'Your advisors are built to ask the uncomfortable question and point at the weak spot in a plan, because agreement is cheap and surprises are expensive.',
  },
  {
    icon: Lock,
    title: 'Your conversations stay yours',
    body: 'Delete a single message, a conversation or your whole account at any time, and it is permanently removed from our systems.',
  },
  {
    icon: Scale,
    title: 'Honest about its limits',
    body: 'An AI advisor sharpens your thinking; it does not replace your lawyer, accountant or doctor. We say so plainly, and so do your advisors.',
  },
];

export function AboutSection() {
  const { appName, companyName } = clientConfig;
  return (
    <section id="about" tabIndex={-1} aria-labelledby="about-title" className="render-when-near scroll-mt-16 py-20 outline-none [contain-intrinsic-size:auto_1200px] sm:py-28 md:[contain-intrinsic-size:auto_960px] lg:[contain-intrinsic-size:auto_680px]">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:gap-20">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-foreground">About</p>
          <h2 id="about-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Executive judgement shouldn&apos;t be a luxury
          </h2>
          <div className="mt-6 grid gap-4 text-muted-foreground">
            <p>
              Founders and owners make their biggest calls with the least support. A board, a bench of seasoned executives, a strategy firm on retainer:
              that is how large companies stress-test decisions, and it is out of reach for most.
            </p>
            <p>
              {appName} is built by {companyName} to close that gap. Pick the executive whose view you need, set your industry, and think the problem
              through with an advisor that speaks the language of the role: cash runway with your CFO, org design with your CHRO, threat models with your
              CISO.
            </p>
          </div>
        </div>
        <ul className="grid gap-5">
          {principles.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-4 rounded-2xl border bg-card p-6 shadow-sm">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
