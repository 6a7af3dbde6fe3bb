import ChatScreen, { type RenderExportMenu } from '#client/features/chat/components/chat-screen.tsx';
import { ConversationExportMenu } from '#client/features/history/components/export-menu.tsx';

/** The history feature's server-side export (Markdown and PDF) in the chat header. */
const renderExportMenu: RenderExportMenu = ({ sessionId, isPremium, onUpgrade }) => (
  <ConversationExportMenu sessionId={sessionId} isPremium={isPremium} onUpgrade={onUpgrade} />
);

/** /chat: the chat feature's workspace (the route wraps it in RequireAuth). */
export default function ChatPage() {
  return <ChatScreen renderExportMenu={renderExportMenu} />;
}
