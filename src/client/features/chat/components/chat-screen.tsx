import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import { chatText } from '#contract/chat-text.ts';
import type { ChatSessionDto, ChatUsage } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import { UpgradeDialog } from '#client/components/upgrade-dialog.tsx';
import { WhenOpened } from '#client/components/when-opened.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { useNoAttachments, useNoDecisions, useNoMemory, useNoRoundtables, useNoSidebar, type UseChatAttachments, type UseChatDecisions, type UseChatMemory, type UseChatRoundtables, type UseChatSidebar } from '#client/slots/chat.ts';
import { chatKeys } from '../api/chat-cache.ts';
import { useChatConversation } from '../hooks/use-chat-conversation.ts';
import { useChatShortcuts } from '../hooks/use-chat-shortcuts.ts';
import { keptDraft, useKeepDraft } from '../hooks/use-kept-draft.ts';
import { useChatUrl } from '../hooks/use-chat-url.ts';
import { useEarlierMessages } from '../hooks/use-earlier-messages.ts';
import { useEscapeToStop } from '../hooks/use-escape-to-stop.ts';
import { useMessageActions } from '../hooks/use-message-actions.ts';
import { useReadAloud } from '../hooks/use-read-aloud.ts';
import { useReplyAnnouncement } from '../hooks/use-reply-announcement.ts';
import { useRepliesReady } from '../hooks/use-replies-ready.ts';
import { useReplyStream } from '../hooks/use-reply-stream.ts';
import { useSaveDefaults } from '../hooks/use-save-defaults.ts';
import { useSpeechRecognition } from '../hooks/use-speech-recognition.ts';
import { useStickToBottom } from '../hooks/use-stick-to-bottom.ts';
import { useTranscriptHandlers } from '../hooks/use-transcript-handlers.ts';
import { useUpgradeDialog } from '../hooks/use-upgrade-dialog.ts';
import { canChangeContext, isOutOfInteractions } from '../logic/chat-rules.ts';
import { prepareForReply } from '../logic/prepare-reply.ts';
import { renewalPhrase } from '../logic/renewal.ts';
import { useSessionTitle } from '../hooks/use-session-title.ts';
import { AdvisorCard } from './advisor-card.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ChatInputPanel } from './chat-input-panel.tsx';
import { ConfirmDeleteMessage } from './confirm-delete-message.tsx';
import { JumpToLatest } from './jump-to-latest.tsx';
import { RecentConversations } from './recent-conversations.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { ConversationView } from './conversation-view.tsx';
import { EmailVerificationBanner } from '#client/components/email-verification-banner.tsx';

/**
 * The header's export control. Export belongs to the history feature, and client features do not
 * import each other, so the app layer (app/pages/chat-page.tsx) supplies it; without it the header
 * shows none.
 */
export type RenderExportMenu = (props: { sessionId: string | null; isPremium: boolean; onUpgrade: () => void }) => ReactNode;

/** The account feature's menu, supplied by the app layer, given what the chat knows: today's usage and the upgrade dialog. */
export type RenderProfileMenu = (props: { user: PublicUser; usage: ChatUsage | undefined; onUpgrade: () => void }) => ReactNode;

/** What the app layer plugs into the chat screen: other features' parts, which the chat feature does not import. */
export interface ChatScreenSlots {
  renderExportMenu?: RenderExportMenu;
  renderProfileMenu?: RenderProfileMenu;
  /** The documents feature's attachments (attach button, upload dialog, staged list, documents on messages). */
  useAttachments?: UseChatAttachments;
  /** The roundtable feature's formats (roundtable, head-to-head), seat picker and tables. */
  useRoundtables?: UseChatRoundtables;
  /** The decision log (save from a reply, the panel, the welcome card's follow-up). */
  useDecisions?: UseChatDecisions;
  /** The history feature's conversation sidebar (decision 033): a column on large screens, a drawer on small ones. */
  useSidebar?: UseChatSidebar;
  /** Company memory (decision 073): what the advisor knows on the welcome card, "Remember this?" under replies. */
  useMemory?: UseChatMemory;
}

/** /chat (spec section 2): the signed-in workspace. RequireAuth guarantees the user. */
export default function ChatScreen(slots: ChatScreenSlots = {}) {
  const { user } = useCurrentUser();
  return user ? <ChatWorkspace user={user} {...slots} /> : null;
}

/** Composes the screen: the conversation and what acts on it, the header, the body and the input panel. */
function ChatWorkspace({
  user,
  renderExportMenu,
  renderProfileMenu,
  useAttachments = useNoAttachments,
  useRoundtables = useNoRoundtables,
  useDecisions = useNoDecisions,
  useSidebar = useNoSidebar,
  useMemory = useNoMemory,
}: { user: PublicUser } & ChatScreenSlots) {
  const { sessionId, openSession } = useChatUrl();
  const upgrade = useUpgradeDialog();
  const [draft, setDraft] = useState(keptDraft);
  useKeepDraft(draft);

  const conversation = useChatConversation({ user, sessionId, openSession, onUpgrade: upgrade.show });
  const { context, messages, pending, streaming, usage } = conversation;
  // A conversation that opens with replies shows them once the Markdown renderer is here (decision 042).
  const repliesReady = useRepliesReady(sessionId, messages, pending !== null);
  const loading = conversation.loading || !repliesReady;
  const memory = useMemory({ sessionId, isPremium: user.isPremium, onUpgrade: upgrade.show, streamingId: streaming?.id ?? null });
  const { renderDocumentAction } = memory;
  const attachments = useAttachments({ usage, onUpgrade: upgrade.show, executiveRole: context.executiveRole, industry: context.industry, renderDocumentAction });
  const roundtables = useRoundtables({ sessionId, context, isPremium: user.isPremium, onUpgrade: upgrade.show });
  const actions = useMessageActions({ sessionId, userId: user.id, onUpgrade: upgrade.show });
  const decisions = useDecisions({ isPremium: user.isPremium, onUpgrade: upgrade.show, openSession });
  const { show: showUpgrade } = upgrade;
  const { handlers, scrollToEnd, toDelete, setToDelete, editing, endEdit, cancelEdit } = useTranscriptHandlers({
    sessionId,
    actions,
    saveDecision: decisions.save,
    isPremium: user.isPremium,
    showUpgrade,
    setDraft,
  });
  const earlier = useEarlierMessages(sessionId, messages, conversation.hasMore);
  const readAloud = useReadAloud();
  const appendTranscript = useCallback((text: string) => setDraft((current) => (current.trim() ? `${current.trimEnd()} ${text}` : text)), []);
  const voice = useSpeechRecognition(appendTranscript);
  const defaults = useSaveDefaults(user, context);
  const { announcement, onReplyFinished } = useReplyAnnouncement(user.id, readAloud.speak);
  useReplyStream(sessionId, streaming?.id ?? null, onReplyFinished);
  const stop = useCallback(() => {
    if (streaming) actions.stop(streaming);
    else if (roundtables.running) roundtables.stop();
  }, [streaming, actions, roundtables]);
  useEscapeToStop(streaming !== null || roundtables.running, stop);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const title = useSessionTitle(sessionId, conversation.session, messages, conversation.hasMore, streaming?.id ?? null);
  const queryClient = useQueryClient();
  const showRenamed = useCallback((renamed: ChatSessionDto) => queryClient.setQueryData(chatKeys.session(renamed.id), renamed), [queryClient]);
  const sidebar = useSidebar({
    user,
    sessionId,
    title,
    replying: streaming !== null || roundtables.running,
    onNewConversation: conversation.startNew,
    onSessionRenamed: showRenamed,
    onUpgrade: () => upgrade.show(),
  });
  useChatShortcuts({
    toggleSidebar: sidebar.toggle,
    newConversation: conversation.startNew,
    focusInput: () => document.getElementById('chat-input')?.focus(),
    showShortcuts: () => setShortcutsOpen(true),
  });

  const tail = earlier.visible.at(-1);
  const scroller = useStickToBottom<HTMLElement>(
    messages.length > 0 || pending !== null,
    `${earlier.visible.length}:${tail?.id}:${tail?.content.length}:${tail?.status}:${pending?.id}:${roundtables.progress}`,
    earlier.visible[0]?.id,
  );
  scrollToEnd.current = scroller.scrollToBottom;
  const getScrollElement = scroller.getElement;
  const { send: sendMessage } = conversation;
  const { removeNow } = actions;
  const send = useCallback(
    async (text: string) => {
      // What the reply needs (usually asked for already, when the message box got focus).
      prepareForReply();
      scroller.scrollToBottom();
      if (editing) {
        // The edited question replaces the old one: the old question and its reply go first, so the new
        // reply is written without them in its context (decision 028).
        if (!(await removeNow(editing))) return false;
        endEdit();
      }
      // The staged document uploads into the conversation before the question goes (a step of this send).
      return sendMessage(text, roundtables.active ? { via: roundtables.convene } : { beforeSend: attachments.upload });
    },
    [editing, endEdit, removeNow, scroller, sendMessage, roundtables.active, roundtables.convene, attachments.upload],
  );

  // A free account out of today's interactions: nothing can be sent, and every place says when they renew.
  const renews = usage && isOutOfInteractions(usage) ? renewalPhrase(usage.resetsAt) : null;
  const showLimitUpgrade = useCallback(() => showUpgrade(errorCatalog['rate_limit:interactions'].message), [showUpgrade]);

  const historyHref = sessionId ? `/history?from=${encodeURIComponent(sessionId)}` : '/history';

  return (
    // Full height less the cookie banner while it shows (the body is padded by as much), so the banner
    // never sits over the composer on a phone (issue 14, defect 12).
    <div className="flex h-[calc(100dvh-var(--cookie-banner-height,0px))] flex-col bg-background">
      <ChatHeader
        sidebarButton={sidebar.headerButton}
        title={title}
        advisorCard={<AdvisorCard executiveRole={context.executiveRole} industry={context.industry} sessionId={sessionId} />}
        historyHref={historyHref}
        onNewConversation={conversation.startNew}
        audio={readAloud}
        exportMenu={renderExportMenu?.({ sessionId, isPremium: user.isPremium, onUpgrade: () => upgrade.show(chatText.exportIsPremium) })}
        profileMenu={renderProfileMenu?.({ user, usage, onUpgrade: () => upgrade.show() })}
        decisions={decisions.headerButton}
        onOpenDecisions={decisions.openPanel}
      />
      <EmailVerificationBanner />
      <div className="flex min-h-0 flex-1">
        {sidebar.panel}
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="relative flex min-h-0 flex-1 flex-col">
            <main id="main" ref={scroller.ref} onScroll={scroller.onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
              <div className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-6 sm:py-8">
                <ConversationView
                  firstName={user.firstName}
                  context={context}
                  historyHref={historyHref}
                  loading={loading}
                  loadError={conversation.loadError}
                  onReload={conversation.reload}
                  earlier={earlier}
                  pending={pending}
                  handlers={handlers}
                  renderDocuments={attachments.renderMessageDocuments}
                  renderAfterReply={memory.renderAfterReply}
                  pendingUpload={attachments.uploading}
                  renderRoundtable={roundtables.renderTable}
                  replyingAdvisor={roundtables.active ? '' : undefined}
                  limit={renews ? { renews, onUpgrade: showLimitUpgrade } : null}
                  getScrollElement={getScrollElement}
                  followUp={
                    <>
                      {memory.knows}
                      {decisions.followUp}
                    </>
                  }
                  recent={user.isPremium ? null : <RecentConversations userId={user.id} onOpen={openSession} />}
                  onStarter={(text) => {
                    setDraft(text);
                    document.getElementById('chat-input')?.focus();
                  }}
                />
              </div>
            </main>
            <JumpToLatest visible={scroller.awayFromEnd} writer={streaming ? (streaming.executiveRole ?? context.executiveRole) : null} onJump={scroller.scrollToBottom} />
          </div>
          <ChatInputPanel
            context={context}
            isPremium={user.isPremium}
            contextFixed={!canChangeContext(user.isPremium, conversation.started)}
            onContextChange={conversation.changeContext}
            star={{ visible: user.isPremium && messages.length > 0, saved: defaults.saved, saving: defaults.saving, onToggle: defaults.toggle }}
            usage={usage}
            onUpgrade={upgrade.show}
            formatSwitch={roundtables.formatSwitch}
            attachments={
              <>
                {roundtables.panel}
                {attachments.panel}
              </>
            }
            composer={{
              draft,
              attach: roundtables.active ? null : attachments.button,
              setDraft,
              onSend: send,
              busy: pending !== null || loading,
              streaming: streaming !== null || roundtables.running,
              onStop: stop,
              advisor: context.executiveRole,
              placeholder: roundtables.placeholder ?? undefined,
              voice,
              limitNotice: renews ? chatText.limitReached.placeholder(renews) : null,
              editing: editing ? { onCancel: cancelEdit } : null,
              onShowShortcuts: () => setShortcutsOpen(true),
            }}
          />
        </div>
      </div>
      {/* Dialogs are built when first opened (decision 042). */}
      <WhenOpened open={toDelete !== null}>
        <ConfirmDeleteMessage
          message={toDelete}
          onCancel={() => setToDelete(null)}
          onConfirm={(message) => {
            setToDelete(null);
            actions.remove(message);
          }}
        />
      </WhenOpened>
      <WhenOpened open={shortcutsOpen}>
        <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      </WhenOpened>
      {decisions.dialogs}
      <WhenOpened open={upgrade.open}>
        <UpgradeDialog open={upgrade.open} onOpenChange={upgrade.onOpenChange} reason={upgrade.reason} />
      </WhenOpened>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
