import { lazyModule } from '#client/lib/lazy-module.ts';

/**
 * The transcript (message-list.tsx with the virtualizer, the message rows and their actions) is a chunk of
 * its own: the empty chat screen shows none of it. It is asked for as soon as a conversation is opening, or
 * when a question is coming (prepare-reply.ts), so it is here when the messages are (decision 042).
 */
export const transcriptModule = lazyModule(() => import('./message-list.tsx'));
