import { Lock, Star } from 'lucide-react';
import { useId } from 'react';
import type { ChatContext } from '#contract/chat.ts';
import { executiveRoles, industries } from '#contract/roles.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectItemText, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { cn } from '#client/lib/class-names.ts';
import { isExecutiveLocked } from '../logic/chat-rules.ts';

export interface ContextFieldsProps {
  context: ChatContext;
  isPremium: boolean;
  fixed: boolean;
  onChange: (change: Partial<ChatContext>) => void;
  onLockedExecutive: (role: string) => void;
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

/**
 * My Role, Talk to and Industry, with the star that saves them as defaults: the context line's open panel
 * (context-selectors.tsx). A chunk of its own with Radix Select, loaded when the line is pointed at, focused
 * or opened: folded, the screen needs none of it (issue 18, decision 042).
 */
export function ContextFields({ context, isPremium, fixed, onChange, onLockedExecutive, star }: ContextFieldsProps) {
  return (
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
  );
}
