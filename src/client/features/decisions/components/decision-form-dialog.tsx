// First: zod must not probe for eval under the page's CSP (lib/zod-csp.ts).
import '#client/lib/zod-csp.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { decisionFieldsSchema, decisionKinds, decisionsText, type DecisionFieldsInput, type DecisionKind } from '#contract/decisions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/class-names.ts';

/** What the form holds: plain strings, empty for "none". */
export interface DecisionFormValues {
  kind: DecisionKind;
  text: string;
  owner: string;
  dueDate: string;
  followUpOn: string;
}
export type DecisionFields = z.output<typeof decisionFieldsSchema>;

const text = decisionsText.dialog;

/**
 * Save a decision or action item (from a reply), or edit one (from the panel): its kind, text, owner,
 * due date and follow-up day, checked by the contract's schema as the server checks it.
 */
export function DecisionFormDialog({
  open,
  mode,
  initial,
  pending,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  mode: 'save' | 'edit';
  initial: DecisionFormValues;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (fields: DecisionFields) => void;
}) {
  const form = useForm<DecisionFieldsInput, unknown, DecisionFields>({ resolver: zodResolver(decisionFieldsSchema), defaultValues: initial });
  const { reset } = form;
  // Each opening starts from what it is given (another reply, another decision).
  useEffect(() => {
    if (open) reset(initial);
  }, [open, initial, reset]);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((fields) => onSubmit(fields));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="decision-form-description">
        <DialogHeader>
          <DialogTitle>{mode === 'save' ? text.title : text.editTitle}</DialogTitle>
          <DialogDescription id="decision-form-description">{text.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{text.kind}</legend>
            <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
              {decisionKinds.map((kind) => (
                <label
                  key={kind}
                  className={cn(
                    'flex cursor-pointer items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors has-[:checked]:bg-card has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  )}
                >
                  <input type="radio" value={kind} className="sr-only" {...form.register('kind')} />
                  {text.kinds[kind]}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField label={text.text} error={errors.text?.message}>
            {(field) => <Textarea {...field} rows={3} className="min-h-20" {...form.register('text')} />}
          </FormField>
          <FormField label={text.owner} hint={text.ownerHint} error={errors.owner?.message}>
            {(field) => <Input {...field} autoComplete="off" {...form.register('owner')} />}
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label={text.dueDate} error={errors.dueDate?.message}>
              {(field) => <Input {...field} type="date" {...form.register('dueDate')} />}
            </FormField>
            <FormField label={text.followUpOn} hint={text.followUpHint} error={errors.followUpOn?.message}>
              {(field) => <Input {...field} type="date" {...form.register('followUpOn')} />}
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner label={text.saving} /> : null}
              {text.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
