import ChatScreen from '#client/features/chat/components/chat-screen.tsx';

/** /chat: the chat feature's workspace (the route wraps it in RequireAuth). */
export default function ChatPage() {
  return <ChatScreen />;
}
