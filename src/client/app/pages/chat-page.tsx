import { SubscriptionDialogs } from '#client/features/billing/components/subscription-dialogs.tsx';
import ChatScreen, { type ChatScreenSlots, type RenderExportMenu, type RenderProfileMenu } from '#client/features/chat/components/chat-screen.tsx';
import { useChatDecisions } from '#client/features/decisions/hooks/use-chat-decisions.tsx';
import { useAttachments } from '#client/features/documents/hooks/use-attachments.tsx';
import { ConversationExportMenu } from '#client/features/history/components/export-menu.tsx';
import { useConversationSidebar } from '#client/features/history/hooks/use-conversation-sidebar.tsx';
import { useChatMemory } from '#client/features/memory/hooks/use-chat-memory.tsx';
import { InstallOffer } from '#client/features/pwa/components/install-offer.tsx';
import { useChatRoundtables } from '#client/features/roundtable/hooks/use-chat-roundtables.tsx';
import { InstallHintProvider } from '#client/lib/install-hint-slot.tsx';
import type { UseChatAttachments, UseChatSidebar } from '#client/slots/chat.ts';
import { AccountMenuSlot } from './account-menu-slot.tsx';

/** The history feature's server-side export (Markdown and PDF) in the chat header. */
const renderExportMenu: RenderExportMenu = ({ sessionId, isPremium, onUpgrade }) => (
  <ConversationExportMenu sessionId={sessionId} isPremium={isPremium} onUpgrade={onUpgrade} />
);

/** The account feature's menu and dialogs, with billing's and consent's parts. */
const renderProfileMenu: RenderProfileMenu = ({ user, usage, onUpgrade }) => <AccountMenuSlot user={user} usage={usage} onUpgrade={onUpgrade} />;

/** The documents feature's attachments, with the real upload calls. */
const useChatAttachments: UseChatAttachments = (options) => useAttachments(options);

/** The history feature's conversation sidebar (decision 033): its list, search, rename and delete beside the conversation. */
const useChatSidebar: UseChatSidebar = (options) => useConversationSidebar(options);

/** Every slot the chat screen has, filled. */
const chatSlots: ChatScreenSlots = {
  renderExportMenu,
  renderProfileMenu,
  useAttachments: useChatAttachments,
  useRoundtables: useChatRoundtables,
  useSidebar: useChatSidebar,
  useDecisions: useChatDecisions,
  useMemory: useChatMemory,
};

/** /chat: the chat feature's workspace (the route wraps it in RequireAuth), with the account menu. */
export default function ChatPage() {
  return (
    <>
      <InstallHintProvider value={<InstallOffer />}>
        <ChatScreen {...chatSlots} />
      </InstallHintProvider>
      <SubscriptionDialogs />
    </>
  );
}
