import { RefreshCw } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatMessageDto } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors.ts';
import { UpgradeDialog } from '#client/components/upgrade-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser, useSignOut } from '#client/lib/session.ts';
import { useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '../api/chat-cache.ts';
import { useChatConversation } from '../hooks/use-chat-conversation.ts';
import { useChatUrl } from '../hooks/use-chat-url.ts';
import { useEarlierMessages } from '../hooks/use-earlier-messages.ts';
import { useMessageActions } from '../hooks/use-message-actions.ts';
import { useReadAloud } from '../hooks/use-read-aloud.ts';
import { useReplyStream } from '../hooks/use-reply-stream.ts';
import { useSaveDefaults } from '../hooks/use-save-defaults.ts';
import { useSpeechRecognition } from '../hooks/use-speech-recognition.ts';
import { useStickToBottom } from '../hooks/use-stick-to-bottom.ts';
import { canChangeContext } from '../logic/chat-rules.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ContextSelectors } from './context-selectors.tsx';
import { MessageList } from './message-list.tsx';
import { ProfileMenu, type ProfileMenuExtras } from './profile-menu.tsx';
import { UsageBar } from './usage-bar.tsx';
import { WelcomeCard } from './welcome-card.tsx';

/** The header's export control, supplied by the app layer (the history feature owns export). */
export type RenderExportMenu = (props: { sessionId: string | null; isPremium: boolean; onUpgrade: () => void }) => ReactNode;

interface ChatScreenProps {
  /** When given, replaces the built-in client-side export menu. */
  renderExportMenu?: RenderExportMenu;
  /** Other features' parts of the profile menu (the billing summary). */
  profileMenuExtras?: ProfileMenuExtras;
}

/** /chat (spec section 2): the signed-in workspace. RequireAuth guarantees the user. */
export default function ChatScreen({ renderExportMenu, profileMenuExtras }: ChatScreenProps = {}) {
  const { user } = useCurrentUser();
  return user ? <ChatWorkspace user={user} renderExportMenu={renderExportMenu} profileMenuExtras={profileMenuExtras} /> : null;
}

function ChatWorkspace({ user, renderExportMenu, profileMenuExtras }: { user: PublicUser } & ChatScreenProps) {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const { sessionId, openSession } = useChatUrl();
  const [upgrade, setUpgrade] = useState<{ open: boolean; reason: string | null }>({ open: false, reason: null });
  const openUpgrade = useCallback((reason?: string) => setUpgrade({ open: true, reason: reason ?? null }), []);
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const conversation = useChatConversation({ user, sessionId, openSession, onUpgrade: openUpgrade });
  const { context, messages, pending, streaming, usage } = conversation;
  const actions = useMessageActions({ sessionId, userId: user.id, onUpgrade: openUpgrade });
  const earlier = useEarlierMessages(sessionId, messages, conversation.hasMore);
  const readAloud = useReadAloud();
  const appendTranscript = useCallback((text: string) => setDraft((current) => (current.trim() ? `${current.trimEnd()} ${text}` : text)), []);
  const voice = useSpeechRecognition(appendTranscript);
  const defaults = useSaveDefaults(user, context);

  const onReplyFinished = useCallback(
    (message: ChatMessageDto) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.usage(user.id) });
      if (message.status === 'complete') {
        setAnnouncement(`${message.executiveRole ?? 'Your advisor'} replied.`);
        readAloud.speak(message.content);
      }
    },
    [queryClient, readAloud, user.id],
  );
  useReplyStream(sessionId, streaming?.id ?? null, onReplyFinished);

  const empty = messages.length === 0 && !pending;
  const tail = earlier.visible.at(-1);
  const scroller = useStickToBottom<HTMLElement>(
    !empty,
    `${earlier.visible.length}:${tail?.id}:${tail?.content.length}:${tail?.status}:${pending?.id}`,
    earlier.visible[0]?.id,
  );
  const send = useCallback(
    (text: string) => {
      scroller.scrollToBottom();
      return conversation.send(text);
    },
    [conversation, scroller],
  );

  const historyHref = sessionId ? `/history?from=${encodeURIComponent(sessionId)}` : '/history';

  return (
    <div className="flex h-dvh flex-col bg-background">
      <ChatHeader
        historyHref={historyHref}
        onNewConversation={conversation.startNew}
        audio={readAloud}
        exportMenu={
          renderExportMenu?.({ sessionId, isPremium: user.isPremium, onUpgrade: () => openUpgrade('Export is part of Premium.') })
        }
        profileMenu={<ProfileMenu user={user} usage={usage} onUpgrade={() => openUpgrade()} onSignOut={() => void signOut()} extras={profileMenuExtras} />}
      />
      <main id="main" ref={scroller.ref} onScroll={scroller.onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <div className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-6 sm:py-8">
          {conversation.loading ? (
            <div className="flex justify-center py-16">
              <Spinner className="size-6 text-muted-foreground" label="Loading conversation" />
            </div>
          ) : conversation.loadError ? (
            <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" role="alert">
              <p className="font-semibold">This conversation could not be loaded.</p>
              <p className="text-sm text-muted-foreground">Check your connection and try again.</p>
              <Button variant="outline" onClick={conversation.reload}>
                <RefreshCw aria-hidden />
                Try again
              </Button>
            </div>
          ) : empty ? (
            <WelcomeCard
              firstName={user.firstName}
              context={context}
              historyHref={historyHref}
              onStarter={(text) => {
                setDraft(text);
                document.getElementById('chat-input')?.focus();
              }}
            />
          ) : (
            <>
              <h1 className="sr-only">
                Conversation with your {context.executiveRole}, {context.industry}
              </h1>
              <MessageList
                messages={earlier.visible}
                pending={pending}
                advisor={context.executiveRole}
                handlers={actions}
                hasEarlier={earlier.hasEarlier}
                loadingEarlier={earlier.loading}
                onLoadEarlier={() => void earlier.loadEarlier()}
              />
            </>
          )}
        </div>
      </main>
      <section aria-label="Ask your advisor" className="shrink-0 border-t bg-background/95 pb-[max(env(safe-area-inset-bottom),0.5rem)] backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto grid w-full max-w-3xl gap-2 px-3 pt-2 sm:px-6 sm:pt-3">
          <ContextSelectors
            context={context}
            isPremium={user.isPremium}
            fixed={!canChangeContext(user.isPremium, conversation.started)}
            onChange={(change) => void conversation.changeContext(change)}
            onLockedExecutive={() => openUpgrade(errorCatalog['forbidden:role'].message)}
            onUpgrade={() => openUpgrade(errorCatalog['forbidden:context'].message)}
            star={{ visible: user.isPremium && messages.length > 0, saved: defaults.saved, saving: defaults.saving, onToggle: () => void defaults.toggle() }}
          />
          {usage ? <UsageBar usage={usage} onUpgrade={() => openUpgrade()} /> : null}
          <ChatComposer
            draft={draft}
            setDraft={setDraft}
            onSend={send}
            busy={pending !== null || conversation.loading}
            streaming={streaming !== null}
            onStop={() => streaming && void actions.stop(streaming)}
            advisor={context.executiveRole}
            voice={voice}
          />
          <p className="hidden pb-0.5 text-center text-[0.6875rem] text-muted-foreground sm:block">
            AI advisors can be wrong. Not legal, financial or medical advice.
          </p>
        </div>
      </section>
      <UpgradeDialog open={upgrade.open} onOpenChange={(open) => setUpgrade((current) => ({ ...current, open }))} reason={upgrade.reason} />
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
