import type { ComponentProps, ReactNode } from 'react';
import type { ChatContext, ChatUsage } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import type { ShowUpgrade } from '../notify-failure.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ContextSelectors } from './context-selectors.tsx';
import { UsageBar } from './usage-bar.tsx';

interface Props {
  context: ChatContext;
  isPremium: boolean;
  /** The selectors are disabled (a free conversation that has started). */
  contextFixed: boolean;
  onContextChange: (change: Partial<ChatContext>) => void;
  star: ComponentProps<typeof ContextSelectors>['star'];
  usage: ChatUsage | undefined;
  onUpgrade: ShowUpgrade;
  /** The staged documents list (the documents feature's), above the input. */
  attachments?: ReactNode;
  /** The format choice (1-on-1, roundtable, head-to-head), on the context line. */
  formatSwitch?: ReactNode;
  composer: ComponentProps<typeof ChatComposer>;
}

/** The bottom of the chat screen: the three selectors, the free tier's usage bar, the composer and the advice disclaimer. */
export function ChatInputPanel({ context, isPremium, contextFixed, onContextChange, star, usage, onUpgrade, attachments, formatSwitch, composer }: Props) {
  return (
    <section aria-label="Ask your advisor" className="shrink-0 border-t bg-background/95 pb-[max(env(safe-area-inset-bottom),0.5rem)] backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto grid w-full max-w-3xl gap-1.5 px-3 pt-1.5 sm:px-6 sm:pt-2">
        <ContextSelectors
          context={context}
          isPremium={isPremium}
          fixed={contextFixed}
          onChange={onContextChange}
          onLockedExecutive={() => onUpgrade(errorCatalog['forbidden:role'].message)}
          onUpgrade={() => onUpgrade(errorCatalog['forbidden:context'].message)}
          star={star}
          aside={formatSwitch}
        />
        {usage ? <UsageBar usage={usage} onUpgrade={() => onUpgrade()} /> : null}
        {attachments}
        <ChatComposer {...composer} />
        <p className="hidden text-center text-[0.6875rem] leading-4 text-muted-foreground sm:block">
          AI advisors can be wrong. Not legal, financial or medical advice.<span className="hidden md:inline"> · Enter to send, Shift+Enter for a new line</span>
        </p>
      </div>
    </section>
  );
}
