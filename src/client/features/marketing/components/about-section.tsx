import { ArrowRight, Lock, Scale, Target } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { clientConfig } from '#client/config.ts';
import { sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';

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
    <section id="about" tabIndex={-1} aria-labelledby="about-title" className="scroll-mt-16 py-20 outline-none sm:py-28">
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

/**
 * The closing call to action (spec section 2: "another main call-to-action"): it forgets any plan
 * or checkout in progress and opens the app; signed-out visitors are taken to sign in on the way.
 */
export function ClosingCallToAction() {
  const [, navigate] = useLocation();
  const start = () => {
    for (const key of [sessionKeys.signupPlan, sessionKeys.checkoutPlan, sessionKeys.checkoutInProgress, sessionKeys.lastPage]) writeStorage('session', key, null);
    navigate('/chat');
  };
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-[#13294b] px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-20">
        <div aria-hidden className="absolute -right-24 -top-24 size-72 rounded-full bg-[#d9a441]/10 blur-3xl" />
        <div aria-hidden className="absolute -bottom-24 -left-24 size-72 rounded-full bg-[#4a6fa5]/30 blur-3xl" />
        <h2 id="cta-title" className="relative mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Your next big decision deserves a second opinion
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-pretty text-white/85">
          Bring the question that has been on your mind all week. Your first conversation takes less than a minute to start.
        </p>
        <div className="relative mt-8 flex justify-center">
          <Button size="lg" variant="brand" onClick={start}>
            Start a Conversation
            <ArrowRight aria-hidden />
          </Button>
        </div>
      </div>
    </section>
  );
}
