import { RefreshCw } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { chatText, type ChatContext } from '#contract/chat-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { useEarlierMessages } from '../hooks/use-earlier-messages.ts';
import type { PendingMessage } from '../hooks/use-send-message.ts';
import type { MessageHandlers } from './message-actions.tsx';
import type { MessageList } from './message-list.tsx';
import { transcriptModule } from './transcript-module.ts';
import { WelcomeCard, type WelcomeLimit } from './welcome-card.tsx';

interface Props {
  firstName: string;
  context: ChatContext;
  historyHref: string;
  loading: boolean;
  loadError: boolean;
  onReload: () => void;
  earlier: ReturnType<typeof useEarlierMessages>;
  pending: PendingMessage | null;
  handlers: MessageHandlers;
  pendingUpload?: boolean;
  renderDocuments?: (message: { sessionId: string; documentIds: string[] }) => ReactNode;
  renderAfterReply?: (message: ChatMessageDto) => ReactNode;
  /** A suggested question from the welcome card goes to the composer. */
  onStarter: (text: string) => void;
  renderRoundtable?: (roundtableId: string) => ReactNode;
  /** Who answers the message being sent: the advisor, or nobody yet (a table convenes). */
  replyingAdvisor?: string;
  /** A free account out of today's interactions. */
  limit?: WelcomeLimit | null;
  /** The transcript's scroller, which a long transcript virtualizes its rows against. */
  getScrollElement?: () => HTMLElement | null;
  /** The welcome card's follow-up question (decision log). */
  followUp?: ReactNode;
  /** A Free account's recent conversations, on the welcome card (decision 059). */
  recent?: ReactNode;
}

function LoadingConversation() {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="size-6 text-muted-foreground" label="Loading conversation" />
    </div>
  );
}

/** The transcript once its chunk is here (it is asked for with the conversation; until then, still loading). */
function Transcript(props: ComponentProps<typeof MessageList>) {
  const loaded = transcriptModule.use();
  return loaded ? <loaded.MessageList {...props} /> : <LoadingConversation />;
}

/** The chat body: the conversation loading or failing to, the welcome card of an empty one, or its transcript. */
export function ConversationView({ firstName, context, historyHref, loading, loadError, onReload, earlier, pending, handlers, renderDocuments, renderAfterReply, pendingUpload, onStarter, renderRoundtable, replyingAdvisor, limit, getScrollElement, followUp, recent }: Props) {
  if (loading) return <LoadingConversation />;
  if (loadError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" role="alert">
        <p className="font-semibold">{chatText.loadFailedTitle}</p>
        <p className="text-sm text-muted-foreground">{chatText.loadFailedText}</p>
        <Button variant="outline" onClick={onReload}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  if (earlier.visible.length === 0 && !pending) {
    return <WelcomeCard firstName={firstName} context={context} historyHref={historyHref} onStarter={onStarter} limit={limit} followUp={followUp} recent={recent} />;
  }
  return (
    <>
      <h1 className="sr-only">
        Conversation with your {context.executiveRole}, {context.industry}
      </h1>
      <Transcript
        messages={earlier.visible}
        pending={pending}
        advisor={replyingAdvisor ?? context.executiveRole}
        handlers={handlers}
        renderDocuments={renderDocuments}
        renderAfterReply={renderAfterReply}
        pendingUpload={pendingUpload}
        hasEarlier={earlier.hasEarlier}
        loadingEarlier={earlier.loading}
        onLoadEarlier={() => void earlier.loadEarlier()}
        renderRoundtable={renderRoundtable}
        getScrollElement={getScrollElement}
      />
    </>
  );
}
