import { ChevronDown, Lock, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { ChatContext } from '#contract/chat.ts';
import { advisorCardText } from '#contract/advisor-card-text.ts';
import { cn } from '#client/lib/class-names.ts';
import { lazyModule } from '#client/lib/lazy-module.ts';
import type { ContextFieldsProps } from './context-fields.tsx';

interface Props {
  context: ChatContext;
  isPremium: boolean;
  /** Free users, once the conversation has started: the selectors are disabled with an explanation. */
  fixed: boolean;
  onChange: (change: Partial<ChatContext>) => void;
  onLockedExecutive: (role: string) => void;
  onUpgrade: () => void;
  star: { visible: boolean; saved: boolean; saving: boolean; onToggle: () => void };
  /** Beside the context line (the format choice); it wraps to a row of its own on a phone. */
  aside?: ReactNode;
}

/** The panel's selectors are a chunk of their own (context-fields.tsx; decision 042). */
const fields = lazyModule(() => import('./context-fields.tsx'));

function OpenFields(props: ContextFieldsProps) {
  const loaded = fields.use();
  return loaded ? <loaded.ContextFields {...props} /> : null;
}

/** My Role, Talk to and Industry (spec section 2), with the locks of section 5 and the star that saves defaults. */
export function ContextSelectors({ context, isPremium, fixed, onChange, onLockedExecutive, onUpgrade, star, aside }: Props) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-2">
      {/*
        One line that opens the three selectors, on every screen: the input stays within thumb reach on phones
        and the conversation gets most of the screen on desktops (issue 14, point 7).
      */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <button
          type="button"
          title={advisorCardText.contextLine}
          className="flex min-h-8 min-w-0 flex-1 basis-56 cursor-pointer items-center gap-2 rounded-md px-1 text-left text-xs text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-expanded={expanded}
          aria-controls={panelId}
          onPointerEnter={fields.preload}
          onFocus={fields.preload}
          onClick={() => setExpanded((v) => !v)}
        >
          {fixed ? <Lock className="size-3.5 shrink-0" aria-label="Fixed for this conversation" /> : <SlidersHorizontal className="size-3.5 shrink-0" aria-hidden />}
          <span className="min-w-0 flex-1 truncate">
            <span className="font-semibold text-foreground">{context.userRole}</span> talking to{' '}
            <span className="font-semibold text-foreground">{context.executiveRole}</span> · {context.industry}
          </span>
          <ChevronDown className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-180')} aria-hidden />
        </button>
        {aside}
      </div>
      {/*
        The selectors exist only while open: folded (the usual state) they would be three Radix Selects
        rendering all their options into the page unseen, and rendering them again with every change of the
        chat screen (a third of the screen's first render; issue 18, decision 042).
      */}
      <div
        id={panelId}
        className={cn('items-end gap-2 md:gap-3', star.visible ? 'md:grid-cols-[1fr_1fr_1fr_auto]' : 'md:grid-cols-3', expanded ? 'grid grid-cols-2' : 'hidden')}
      >
        {expanded ? <OpenFields context={context} isPremium={isPremium} fixed={fixed} onChange={onChange} onLockedExecutive={onLockedExecutive} star={star} /> : null}
      </div>
      {fixed ? (
        <p className={cn('text-xs text-muted-foreground', !expanded && 'hidden')}>
          <Lock className="mr-1 inline size-3 align-[-1px]" aria-hidden />
          On the Free plan the advisor, industry and your role stay fixed once a conversation starts. Start a new conversation to change them, or{' '}
          <button type="button" className="cursor-pointer font-semibold text-primary underline-offset-2 hover:underline" onClick={onUpgrade}>
            upgrade to switch mid-conversation
          </button>
          .
        </p>
      ) : null}
    </div>
  );
}
