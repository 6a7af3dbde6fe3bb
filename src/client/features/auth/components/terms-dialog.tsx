import { Link } from 'wouter';
import { clientConfig } from '#client/config.ts';
import { MINIMUM_AGE } from '#contract/product.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

/** The terms in brief, with 'I accept' ticking the signup checkbox; the full text is one link away. */
export default function TermsDialog({ open, onOpenChange, onAccept }: { open: boolean; onOpenChange: (open: boolean) => void; onAccept: () => void }) {
  const { appName, companyName } = clientConfig;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Terms &amp; Conditions</DialogTitle>
          <DialogDescription>The essentials of the agreement you make with {companyName} when you create an account.</DialogDescription>
        </DialogHeader>
        <div className="max-h-[50dvh] space-y-3 overflow-y-auto rounded-md border bg-muted/40 p-4 text-sm leading-relaxed">
          <p>
            <strong>Who may register.</strong> You must be {MINIMUM_AGE} or older and give truthful information, a valid e-mail address and a password you keep
            secret. If you act for a business, you confirm you may bind it.
          </p>
          <p>
            <strong>What {appName} is.</strong> Your advisors are AI personas running on a generative AI provider&apos;s API. Their answers can be wrong or
            incomplete and are <strong>not legal, financial or medical advice</strong>. Check important decisions with a qualified professional.
          </p>
          <p>
            <strong>Your content.</strong> You keep ownership of what you write and upload. You may delete a message, a conversation or your whole account,
            which removes that content permanently.
          </p>
          <p>
            <strong>Acceptable use.</strong> No unlawful, harmful, infringing or abusive use, no attempts to break or overload the service, and no sharing of
            other people&apos;s personal data without a right to do so.
          </p>
          <p>
            <strong>Payments.</strong> Premium is billed by card, monthly or yearly, renewing until you cancel. There are no cancellation fees; access continues
            to the end of the paid period, and prorated periods are not refunded.
          </p>
          <p>
            <strong>Disputes.</strong> Pennsylvania law governs these terms; disputes go first to binding arbitration, held by telephone, online or in writing.
          </p>
          <p>
            Read the full{' '}
            <Link href="/terms-and-conditions" className="font-semibold text-primary underline underline-offset-4">
              Terms &amp; Conditions
            </Link>{' '}
            and{' '}
            <Link href="/privacy-policy" className="font-semibold text-primary underline underline-offset-4">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button
            onClick={() => {
              onAccept();
              onOpenChange(false);
            }}
          >
            I accept
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
