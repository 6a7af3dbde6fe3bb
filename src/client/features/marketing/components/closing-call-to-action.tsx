import { ArrowRight } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';

/**
 * The closing call to action (spec section 2: "another main call-to-action"): it forgets any plan
 * or checkout in progress and opens the app; signed-out visitors are taken to sign in on the way.
 * Not in the lazy below-the-fold chunk: a prerendered button inside a Suspense boundary whose code has not
 * arrived yet has no handler, and a tap on it was lost (decision 035, amended).
 */
export function ClosingCallToAction() {
  const [, navigate] = useLocation();
  const start = () => {
    for (const key of [sessionKeys.signupPlan, sessionKeys.checkoutPlan, sessionKeys.checkoutInProgress, sessionKeys.lastPage]) writeStorage('session', key, null);
    navigate('/chat');
  };
  return (
    <section aria-labelledby="cta-title" className="render-when-near px-4 pb-20 [contain-intrinsic-size:auto_508px] sm:px-6 sm:pb-28">
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
