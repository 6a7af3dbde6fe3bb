import { SubscriptionDialogs } from '#client/features/billing/components/subscription-dialogs.tsx';
import { SubscriptionMenuItems, SubscriptionPlanRows } from '#client/features/billing/components/subscription-summary.tsx';
import ChatScreen, { type RenderExportMenu } from '#client/features/chat/components/chat-screen.tsx';
import { useAttachments } from '#client/features/documents/hooks/use-attachments.tsx';
import { ConversationExportMenu } from '#client/features/history/components/export-menu.tsx';
import { InstallOffer } from '#client/features/pwa/components/install-offer.tsx';
import { InstallHintProvider } from '#client/lib/install-hint-slot.tsx';
import { useCurrentUser } from '#client/lib/session.ts';

/** The history feature's server-side export (Markdown and PDF) in the chat header. */
const renderExportMenu: RenderExportMenu = ({ sessionId, isPremium, onUpgrade }) => (
  <ConversationExportMenu sessionId={sessionId} isPremium={isPremium} onUpgrade={onUpgrade} />
);

/** The documents feature's attachments, with the real upload calls. */
const useChatAttachments = (options: Parameters<typeof useAttachments>[0]) => useAttachments(options);

/** /chat: the chat feature's workspace (the route wraps it in RequireAuth), with billing's part of the profile menu. */
export default function ChatPage() {
  const { user } = useCurrentUser();
  const extras = user ? { planRows: <SubscriptionPlanRows user={user} premium={user.isPremium} />, items: <SubscriptionMenuItems user={user} /> } : undefined;
  return (
    <>
      <InstallHintProvider value={<InstallOffer />}>
        <ChatScreen renderExportMenu={renderExportMenu} profileMenuExtras={extras} useAttachments={useChatAttachments} />
      </InstallHintProvider>
      <SubscriptionDialogs />
    </>
  );
}
