import { UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { advisorCardText } from '#contract/advisor-card-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ConversationNote } from './conversation-note.tsx';

interface Props {
  executiveRole: string;
  industry: string;
  /** The conversation, once it exists: its note is shown under the profile (decision 083). */
  sessionId?: string | null;
}

/** The profiles (20 kB) are a chunk of their own: asked for when the button is pointed at or focused, shown when opened (decision 042). */
const loadProfile = () => import('./advisor-profile.tsx');
const AdvisorProfile = lazy(loadProfile);
const preload = () => void loadProfile().catch(() => {});

/**
 * The advisor made visible (issue 14, point 7): who the user is talking to, from the same persona lines
 * the advice is written with (decision 031). A dialog on desktop, a sheet from the bottom on phones.
 */
export function AdvisorCard({ executiveRole, industry, sessionId }: Props) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="max-sm:size-9 max-sm:px-0"
          aria-label={advisorCardText.open}
          title={advisorCardText.open}
          onPointerEnter={preload}
          onFocus={preload}
        >
          <UserRound aria-hidden />
          <span className="hidden lg:inline">{executiveRole}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl gap-5 max-sm:top-auto max-sm:bottom-0 max-sm:max-h-[85dvh] max-sm:w-full max-sm:max-w-none max-sm:translate-y-0 max-sm:rounded-b-none max-sm:pb-[max(env(safe-area-inset-bottom),1.5rem)]">
        <Suspense
          fallback={
            <DialogHeader>
              <DialogTitle>{advisorCardText.title(executiveRole)}</DialogTitle>
              <DialogDescription>
                <Spinner label="Loading" />
              </DialogDescription>
            </DialogHeader>
          }
        >
          <AdvisorProfile executiveRole={executiveRole} industry={industry} />
        </Suspense>
        {sessionId ? <ConversationNote sessionId={sessionId} /> : null}
      </DialogContent>
    </Dialog>
  );
}
