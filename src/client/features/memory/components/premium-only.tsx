import { Crown } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';

/** A part of the memory page that is Premium (decision 074): what it would do, and the way to it. */
export function PremiumOnly({ text }: { text: string }) {
  return (
    <div className="mt-3 rounded-xl border border-brand/40 bg-accent/40 p-4 text-sm">
      <p>{text}</p>
      <Button asChild variant="brand" size="sm" className="mt-3">
        <Link href="/plans">
          <Crown aria-hidden />
          See Premium
        </Link>
      </Button>
    </div>
  );
}
