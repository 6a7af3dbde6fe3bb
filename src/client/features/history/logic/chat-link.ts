/** Where a conversation opens: the chat screen with its id (spec section 2: /chat?session={id}). */
export const chatHref = (sessionId: string) => `/chat?session=${encodeURIComponent(sessionId)}`;
