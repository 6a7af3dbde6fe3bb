import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { DISPLAYED_MESSAGES } from '#contract/limits.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { PendingMessage } from '../hooks/use-send-message.ts';
import { AssistantMessage, ReplyPlaceholder, SystemNote, UserMessage } from './chat-message.tsx';
import type { MessageHandlers } from './message-actions.tsx';

interface Props {
  messages: ChatMessageDto[];
  pending: PendingMessage | null;
  advisor: string;
  handlers: MessageHandlers;
  renderDocuments?: (message: { sessionId: string; documentIds: string[] }) => ReactNode;
  hasEarlier: boolean;
  /** The message being sent waits for its document's upload: said under it, and no reply is awaited yet. */
  pendingUpload?: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
}

/** The transcript: the latest 50 messages (spec section 4), older ones on request, then the message being sent. */
export function MessageList({ messages, pending, advisor, handlers, renderDocuments, pendingUpload, hasEarlier, loadingEarlier, onLoadEarlier }: Props) {
  return (
    <div className="flex flex-col gap-6" aria-label="Conversation">
      {hasEarlier ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-3 text-center">
          <p className="text-xs text-muted-foreground">
            <span className="font-semibold text-foreground">Performance mode:</span> showing the latest {DISPLAYED_MESSAGES} messages.
          </p>
          <Button variant="outline" size="sm" onClick={onLoadEarlier} disabled={loadingEarlier}>
            {loadingEarlier ? <Spinner /> : <History aria-hidden />}
            Load earlier messages
          </Button>
        </div>
      ) : null}
      {messages.map((message) =>
        message.role === 'system' ? (
          <SystemNote key={message.id} message={message} />
        ) : message.role === 'user' ? (
          <UserMessage key={message.id} message={message} handlers={handlers} documents={renderDocuments?.(message)} />
        ) : (
          <AssistantMessage key={message.id} message={message} handlers={handlers} />
        ),
      )}
      {pending ? (
        <>
          <UserMessage message={{ ...placeholderFields, id: pending.id, content: pending.content }} pendingNote={pendingUpload ? 'Waiting for your document…' : undefined} />
          {pendingUpload ? null : <ReplyPlaceholder advisor={advisor} />}
        </>
      ) : null}
    </div>
  );
}

const placeholderFields: ChatMessageDto = {
  id: '',
  sessionId: '',
  role: 'user',
  content: '',
  userRole: null,
  executiveRole: null,
  documentIds: [],
  like: null,
  dislike: null,
  timestamp: '',
  status: 'complete',
  model: null,
  promptTokens: null,
  completionTokens: null,
  error: null,
};
