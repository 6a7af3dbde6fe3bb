import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { FREE_DAILY_INTERACTIONS } from '#contract/limits.ts';
import { executiveRoles, industries } from '#contract/roles.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { clientConfig } from '#client/config.ts';
import { useReturnToApp } from '../hooks/use-return-to-app.ts';
import { useVisitorState } from '../hooks/use-visitor-state.ts';

function PrimaryAction() {
  const { kind, checkoutInProgress } = useVisitorState();
  const { returnToApp, pending } = useReturnToApp();
  if (kind === 'visitor') {
    return (
      <Button asChild size="lg">
        <Link href="/signup">
          Get Started for Free
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    );
  }
  if (checkoutInProgress) {
    return (
      <Button asChild size="lg">
        <Link href="/checkout">
          Return to Checkout
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    );
  }
  return (
    <Button size="lg" disabled={pending} onClick={() => void returnToApp()}>
      {pending ? <Spinner /> : null}
      Return to App
      <ArrowRight aria-hidden />
    </Button>
  );
}

/** An illustration of a conversation: clearly an example, not a customer quote. */
function ExampleConversation() {
  return (
    <figure className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div aria-hidden className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-brand/25 via-transparent to-primary/15 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border bg-card shadow-xl">
        <div className="flex items-center gap-3 border-b bg-muted/50 px-4 py-3">
          <span className="flex size-9 items-center justify-center rounded-full bg-[#13294b] text-xs font-bold text-[#f3d49a]">CFO</span>
          <div className="min-w-0">
            <p className="text-sm font-semibold">Your CFO advisor</p>
            <p className="truncate text-xs text-muted-foreground">Retail · you are the CEO</p>
          </div>
        </div>
        <div className="grid gap-4 p-4 text-sm leading-relaxed sm:p-5">
          <p className="ml-8 rounded-2xl rounded-br-sm bg-primary px-4 py-3 text-primary-foreground">
            We want to open a second store in a mall. Rent is $14k a month. How do I pressure-test this before I sign?
          </p>
          <div className="mr-6 grid gap-2 rounded-2xl rounded-bl-sm border bg-background px-4 py-3">
            <p>Start with break-even, not optimism. At a 55% gross margin, rent alone needs about $25,500 in monthly sales before staff and fit-out.</p>
            <ul className="grid gap-1 pl-4 [list-style:disc]">
              <li>What does your first store sell per square foot today?</li>
              <li>How many months of cash does the fit-out consume?</li>
              <li>Can you negotiate a rent-free period or a turnover clause?</li>
            </ul>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-muted-foreground">An example conversation. Your advisor adapts to your role and industry.</figcaption>
    </figure>
  );
}

export function HeroSection({ returnedFromCheckout }: { returnedFromCheckout: boolean }) {
  const { kind, checkoutInProgress } = useVisitorState();
  const stats = [
    { value: String(executiveRoles.length), label: 'executive roles' },
    { value: String(industries.length), label: 'industries' },
    { value: String(FREE_DAILY_INTERACTIONS), label: 'free interactions a day' },
  ];
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-secondary/70 via-background to-background" />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 opacity-[0.35] [background-image:radial-gradient(var(--color-border)_1px,transparent_1px)] [background-size:22px_22px] [mask-image:linear-gradient(to_bottom,black,transparent_75%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pb-28">
        <div className="grid gap-6">
          <p className="w-fit rounded-full border border-brand/40 bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent-foreground">
            AI executive advisors
          </p>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-display">
            A seasoned executive in your corner, whenever you need one.
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            {clientConfig.appName} gives you an AI CEO, CFO, CTO and {executiveRoles.length - 3} more executive advisors who know your industry. Test an idea,
            rehearse a hard conversation or get a decision challenged before it costs you.
          </p>
          {returnedFromCheckout && checkoutInProgress ? (
            <p role="status" className="max-w-xl rounded-lg border border-brand/40 bg-accent px-4 py-3 text-sm text-accent-foreground">
              Your Premium checkout is still open and your plan choice is saved. Pick up where you left off whenever you are ready.
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <PrimaryAction />
            <Button asChild size="lg" variant="outline">
              <a href="#pricing">{kind === 'premium' ? 'Your Plan' : 'See Plans'}</a>
            </Button>
          </div>
          <dl className="mt-4 grid max-w-lg grid-cols-3 gap-4 border-t pt-6">
            {stats.map((stat) => (
              <div key={stat.label} className="grid gap-1">
                <dt className="order-2 text-xs text-muted-foreground sm:text-sm">{stat.label}</dt>
                <dd className="order-1 text-2xl font-bold tracking-tight sm:text-3xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <ExampleConversation />
      </div>
    </section>
  );
}
