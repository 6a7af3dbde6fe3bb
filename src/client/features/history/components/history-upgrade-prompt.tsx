import { ArrowLeft, Crown } from 'lucide-react';
import { historyText } from '#contract/history-text.ts';
import { IconLinkButton } from '#client/components/icon-link-button.tsx';
import { HistoryHeader } from './history-header.tsx';
import { HistoryUpgradeCard } from './history-upgrade-card.tsx';

/** Standard users: history is Premium. The list is never asked for (the server would refuse it). */
export function HistoryUpgradePrompt() {
  return (
    <div className="flex flex-col gap-6">
      <HistoryHeader subtitle={historyText.subtitleEmpty} />
      <HistoryUpgradeCard look="page" headingId="history-upgrade">
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <IconLinkButton href="/plans" icon={Crown} variant="brand">
            View Premium plans
          </IconLinkButton>
          <IconLinkButton href="/chat" icon={ArrowLeft} variant="outline">
            Back to Chat
          </IconLinkButton>
        </div>
      </HistoryUpgradeCard>
    </div>
  );
}
