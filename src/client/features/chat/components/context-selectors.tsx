import { ChevronDown, Lock, SlidersHorizontal, Star } from 'lucide-react';
import { useId, useState } from 'react';
import type { ChatContext } from '#contract/chat.ts';
import { advisorCardText } from '#contract/advisor-card-text.ts';
import { executiveRoles, industries } from '#contract/roles.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectItemText, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { cn } from '#client/lib/class-names.ts';
import { isExecutiveLocked } from '../logic/chat-rules.ts';

interface Props {
  context: ChatContext;
  isPremium: boolean;
  /** Free users, once the conversation has started: the selectors are disabled with an explanation. */
  fixed: boolean;
  onChange: (change: Partial<ChatContext>) => void;
  onLockedExecutive: (role: string) => void;
  onUpgrade: () => void;
  star: { visible: boolean; saved: boolean; saving: boolean; onToggle: () => void };
}

function Field({
  label,
  value,
  options,
  disabled,
  locked,
  onValueChange,
  className,
}: {
  className?: string;
  label: string;
  value: string;
  options: readonly string[];
  disabled: boolean;
  locked?: (option: string) => boolean;
  onValueChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1', className)}>
      <label htmlFor={id} className="text-[0.6875rem] font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </label>
      <Select value={value} onValueChange={onValueChange} disabled={disabled}>
        <SelectTrigger id={id} aria-label={label} className="h-9">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => {
            const isLocked = locked?.(option) ?? false;
            return (
              <SelectItem key={option} value={option} className={cn(isLocked && 'text-muted-foreground')}>
                <SelectItemText>{option}</SelectItemText>
                {isLocked ? (
                  <span className="ml-auto inline-flex items-center gap-1 pl-3 text-[0.6875rem] font-semibold text-accent-foreground">
                    <Lock className="size-3" aria-hidden />
                    Premium
                  </span>
                ) : null}
              </SelectItem>
            );
          })}
        </SelectContent>
      </Select>
    </div>
  );
}

/** My Role, Talk to and Industry (spec section 2), with the locks of section 5 and the star that saves defaults. */
export function ContextSelectors({ context, isPremium, fixed, onChange, onLockedExecutive, onUpgrade, star }: Props) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-2">
      {/*
        One line that opens the three selectors, on every screen: the input stays within thumb reach on phones
        and the conversation gets most of the screen on desktops (issue 14, point 7).
      */}
      <button
        type="button"
        title={advisorCardText.contextLine}
        className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-left text-xs text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((v) => !v)}
      >
        {fixed ? <Lock className="size-3.5 shrink-0" aria-label="Fixed for this conversation" /> : <SlidersHorizontal className="size-3.5 shrink-0" aria-hidden />}
        <span className="min-w-0 flex-1 truncate">
          <span className="font-semibold text-foreground">{context.userRole}</span> talking to{' '}
          <span className="font-semibold text-foreground">{context.executiveRole}</span> · {context.industry}
        </span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-180')} aria-hidden />
      </button>
      {/*
        The selectors exist only while open: folded (the usual state) they would be three Radix Selects
        rendering all their options into the page unseen, and rendering them again with every change of the
        chat screen (a third of the screen's first render; issue 18, decision 042).
      */}
      <div
        id={panelId}
        className={cn('items-end gap-2 md:gap-3', star.visible ? 'md:grid-cols-[1fr_1fr_1fr_auto]' : 'md:grid-cols-3', expanded ? 'grid grid-cols-2' : 'hidden')}
      >
        {expanded ? (
          <>
            <Field label="My Role" value={context.userRole} options={executiveRoles} disabled={fixed} onValueChange={(userRole) => onChange({ userRole })} />
            <Field
              label="Talk to"
              value={context.executiveRole}
              options={executiveRoles}
              disabled={fixed}
              locked={(role) => isExecutiveLocked(role, isPremium)}
              onValueChange={(executiveRole) => (isExecutiveLocked(executiveRole, isPremium) ? onLockedExecutive(executiveRole) : onChange({ executiveRole }))}
            />
            <Field
              label="Industry"
              value={context.industry}
              options={industries}
              disabled={fixed}
              className={cn(!star.visible && 'max-md:col-span-2')}
              onValueChange={(industry) => onChange({ industry })}
            />
            {star.visible ? (
              <Button
                variant="outline"
                size="icon"
                className="h-9 w-full md:w-9"
                aria-pressed={star.saved}
                aria-label={star.saved ? 'Saved as your defaults (select to clear)' : 'Save as my defaults'}
                title={star.saved ? 'These are your defaults. Select to clear them.' : 'Save role, advisor and industry as your defaults'}
                disabled={star.saving}
                onClick={star.onToggle}
              >
                <Star className={cn(star.saved && 'fill-brand text-brand')} aria-hidden />
                <span className="md:hidden">{star.saved ? 'Saved as defaults' : 'Save as defaults'}</span>
              </Button>
            ) : null}
          </>
        ) : null}
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
