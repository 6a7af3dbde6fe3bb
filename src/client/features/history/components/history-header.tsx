import { ArrowLeft, Plus } from 'lucide-react';
import { historyText } from '#contract/history-text.ts';
import { IconLinkButton } from '#client/components/icon-link-button.tsx';

/** The page title and subtitle; with `returnHref`, also Return to Chat and Start New (shown only when conversations exist). */
export function HistoryHeader({ subtitle, returnHref }: { subtitle: string; returnHref?: string }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{historyText.title}</h1>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
      </div>
      {returnHref ? (
        <div className="flex flex-wrap gap-2">
          <IconLinkButton href={returnHref} icon={ArrowLeft} variant="outline" size="sm">
            Return to Chat
          </IconLinkButton>
          <IconLinkButton href="/chat" icon={Plus} size="sm">
            Start New
          </IconLinkButton>
        </div>
      ) : null}
    </div>
  );
}
