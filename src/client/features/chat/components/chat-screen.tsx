import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import { chatText } from '#contract/chat.ts';
import { UpgradeDialog } from '#client/components/upgrade-dialog.tsx';
import { useCurrentUser, useSignOut } from '#client/lib/session.ts';
import { useNoAttachments, type UseChatAttachments } from '../attachments.ts';
import { useChatConversation } from '../hooks/use-chat-conversation.ts';
import { useChatUrl } from '../hooks/use-chat-url.ts';
import { useEarlierMessages } from '../hooks/use-earlier-messages.ts';
import { useEscapeToStop } from '../hooks/use-escape-to-stop.ts';
import { useMessageActions } from '../hooks/use-message-actions.ts';
import { useReadAloud } from '../hooks/use-read-aloud.ts';
import { useReplyAnnouncement } from '../hooks/use-reply-announcement.ts';
import { useReplyStream } from '../hooks/use-reply-stream.ts';
import { useSaveDefaults } from '../hooks/use-save-defaults.ts';
import { useSpeechRecognition } from '../hooks/use-speech-recognition.ts';
import { useStickToBottom } from '../hooks/use-stick-to-bottom.ts';
import { useUpgradeDialog } from '../hooks/use-upgrade-dialog.ts';
import { canChangeContext } from '../logic/chat-rules.ts';
import { ChatHeader } from './chat-header.tsx';
import { ChatInputPanel } from './chat-input-panel.tsx';
import { ConversationView } from './conversation-view.tsx';
import { ProfileMenu, type ProfileMenuExtras } from './profile-menu.tsx';
import { EmailVerificationBanner } from '#client/components/email-verification-banner.tsx';

/**
 * The header's export control. Export belongs to the history feature, and client features do not
 * import each other, so the app layer (app/pages/chat-page.tsx) supplies it; without it the header
 * shows none.
 */
export type RenderExportMenu = (props: { sessionId: string | null; isPremium: boolean; onUpgrade: () => void }) => ReactNode;

interface ChatScreenProps {
  renderExportMenu?: RenderExportMenu;
  /** Other features' parts of the profile menu (the billing summary), supplied by the app layer. */
  profileMenuExtras?: ProfileMenuExtras;
  /** The documents feature's attachments (attach button, upload dialog, staged list, documents on messages). */
  useAttachments?: UseChatAttachments;
}

/** /chat (spec section 2): the signed-in workspace. RequireAuth guarantees the user. */
export default function ChatScreen({ renderExportMenu, profileMenuExtras, useAttachments }: ChatScreenProps = {}) {
  const { user } = useCurrentUser();
  return user ? <ChatWorkspace user={user} renderExportMenu={renderExportMenu} profileMenuExtras={profileMenuExtras} useAttachments={useAttachments} /> : null;
}

/** Composes the screen: the conversation and what acts on it, the header, the body and the input panel. */
function ChatWorkspace({ user, renderExportMenu, profileMenuExtras, useAttachments = useNoAttachments }: { user: PublicUser } & ChatScreenProps) {
  const signOut = useSignOut();
  const { sessionId, openSession } = useChatUrl();
  const upgrade = useUpgradeDialog();
  const [draft, setDraft] = useState('');

  // The upload runs inside the send, but the attachments need the conversation's context: a ref joins them.
  const upload = useRef<(id: string) => Promise<string[] | null>>(async () => []);
  const uploadDocuments = useCallback((id: string) => upload.current(id), []);
  const conversation = useChatConversation({ user, sessionId, openSession, onUpgrade: upgrade.show, uploadDocuments });
  const { context, messages, pending, streaming, usage } = conversation;
  const attachments = useAttachments({ usage, onUpgrade: upgrade.show, executiveRole: context.executiveRole, industry: context.industry });
  upload.current = attachments.upload;
  const actions = useMessageActions({ sessionId, userId: user.id, onUpgrade: upgrade.show });
  const earlier = useEarlierMessages(sessionId, messages, conversation.hasMore);
  const readAloud = useReadAloud();
  const appendTranscript = useCallback((text: string) => setDraft((current) => (current.trim() ? `${current.trimEnd()} ${text}` : text)), []);
  const voice = useSpeechRecognition(appendTranscript);
  const defaults = useSaveDefaults(user, context);
  const { announcement, onReplyFinished } = useReplyAnnouncement(user.id, readAloud.speak);
  useReplyStream(sessionId, streaming?.id ?? null, onReplyFinished);
  const stop = useCallback(() => {
    if (streaming) actions.stop(streaming);
  }, [streaming, actions]);
  useEscapeToStop(streaming !== null, stop);

  const tail = earlier.visible.at(-1);
  const scroller = useStickToBottom<HTMLElement>(
    messages.length > 0 || pending !== null,
    `${earlier.visible.length}:${tail?.id}:${tail?.content.length}:${tail?.status}:${pending?.id}`,
    earlier.visible[0]?.id,
  );
  const { send: sendMessage } = conversation;
  const send = useCallback(
    (text: string) => {
      scroller.scrollToBottom();
      return sendMessage(text);
    },
    [scroller, sendMessage],
  );

  const historyHref = sessionId ? `/history?from=${encodeURIComponent(sessionId)}` : '/history';

  return (
    // Full height less the cookie banner while it shows (the body is padded by as much), so the banner
    // never sits over the composer on a phone (issue 14, defect 12).
    <div className="flex h-[calc(100dvh-var(--cookie-banner-height,0px))] flex-col bg-background">
      <ChatHeader
        historyHref={historyHref}
        onNewConversation={conversation.startNew}
        audio={readAloud}
        exportMenu={renderExportMenu?.({ sessionId, isPremium: user.isPremium, onUpgrade: () => upgrade.show(chatText.exportIsPremium) })}
        profileMenu={<ProfileMenu user={user} usage={usage} onUpgrade={() => upgrade.show()} onSignOut={() => void signOut()} extras={profileMenuExtras} />}
      />
      <EmailVerificationBanner />
      <main id="main" ref={scroller.ref} onScroll={scroller.onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <div className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-6 sm:py-8">
          <ConversationView
            firstName={user.firstName}
            context={context}
            historyHref={historyHref}
            loading={conversation.loading}
            loadError={conversation.loadError}
            onReload={conversation.reload}
            earlier={earlier}
            pending={pending}
            handlers={actions}
            renderDocuments={attachments.renderMessageDocuments}
            pendingUpload={attachments.uploading}
            onStarter={(text) => {
              setDraft(text);
              document.getElementById('chat-input')?.focus();
            }}
          />
        </div>
      </main>
      <ChatInputPanel
        context={context}
        isPremium={user.isPremium}
        contextFixed={!canChangeContext(user.isPremium, conversation.started)}
        onContextChange={conversation.changeContext}
        star={{ visible: user.isPremium && messages.length > 0, saved: defaults.saved, saving: defaults.saving, onToggle: defaults.toggle }}
        usage={usage}
        onUpgrade={upgrade.show}
        attachments={attachments.panel}
        composer={{
          draft,
          attach: attachments.button,
          setDraft,
          onSend: send,
          busy: pending !== null || conversation.loading,
          streaming: streaming !== null,
          onStop: stop,
          advisor: context.executiveRole,
          voice,
        }}
      />
      <UpgradeDialog open={upgrade.open} onOpenChange={upgrade.onOpenChange} reason={upgrade.reason} />
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
