import { CreditCard, Handshake, Lightbulb, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { ContactInput } from '#contract/contact.ts';
import { CONTACT_MESSAGE_MAX, contactNotices } from '#contract/contact-text.ts';
import { CONTACT_REDIRECT_DELAY_MS } from '#contract/limits.ts';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SessionHeaderLink } from '#client/components/layout/session-header-link.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { lazyZodResolver } from '#client/lib/lazy-form-resolver.ts';
import { useHydrated } from '#client/lib/use-hydrated.tsx';

// The form's validation loads when the form is used, not with the page (decision 043).
const validation = lazyZodResolver<ContactInput>(() => import('#contract/contact.ts').then((m) => m.contactInputSchema));

const topics = [
  { icon: CreditCard, title: 'Billing and subscriptions', body: 'Invoices, plan changes and cancellations.' },
  { icon: ShieldCheck, title: 'Privacy and your data', body: 'Access, correction or deletion requests.' },
  { icon: Lightbulb, title: 'Product feedback', body: 'An advisor that missed the mark, or an idea for a new one.' },
  { icon: Handshake, title: 'Partnerships and press', body: 'Accelerators, associations and media enquiries.' },
];

/** Spec sections 2 and 5: name, e-mail, subject and message; on success, 'Message sent!' and back to / after 1.5 s. */
export default function ContactPage() {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const send = useSendContactMessage();
  // Prerendered: until hydrated, Enter in a field would submit the form to this address (the message in the URL).
  const hydrated = useHydrated();
  const timer = useRef<number | undefined>(undefined);
  const form = useForm<ContactInput>({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { errors } = form.formState;
  const messageLength = form.watch('message').length;

  // A signed-in user need not type who they are.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('name')) form.setValue('name', `${user.firstName} ${user.lastName}`.trim());
    if (!form.getValues('email')) form.setValue('email', user.email);
  }, [user, form]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      notify({ title: contactNotices.sent, description: contactNotices.sentDescription, variant: 'success' });
      timer.current = window.setTimeout(() => navigate('/'), CONTACT_REDIRECT_DELAY_MS);
    } catch (error) {
      notify({
        title: contactNotices.failed,
        description: error instanceof ApiError ? error.message : contactNotices.failedUnreachable,
        variant: 'destructive',
      });
    }
  });

  const sent = send.isSuccess;

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 to-background">
      <SiteHeader>
        <SessionHeaderLink signedIn={Boolean(user)} />
      </SiteHeader>
      <main id="main" className="flex-1 px-4 py-12 sm:px-6 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[1fr_1.15fr] lg:gap-16">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-foreground">Contact</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Talk to a human</h1>
            <p className="mt-4 max-w-lg text-lg text-pretty text-muted-foreground">
              Questions about Premium, your account or your data? Send us a message and a member of our team will reply to the e-mail address you give.
            </p>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
              {topics.map(({ icon: Icon, title, body }) => (
                <li key={title} className="flex gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <div>
                    <p className="font-semibold">{title}</p>
                    <p className="mt-0.5 text-sm text-muted-foreground">{body}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>

          <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <h2 className="text-xl font-semibold">Send us a message</h2>
            <p className="mt-1 text-sm text-muted-foreground">All fields are required.</p>
            <form
              onSubmit={(event) => void onSubmit(event)}
              onFocus={validation.preload}
              onKeyDown={validation.preload}
              onPointerDown={validation.preload}
              noValidate
              className="mt-6 grid gap-5"
            >
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Name" error={errors.name?.message}>
                  {(field) => <Input {...field} autoComplete="name" {...form.register('name')} />}
                </FormField>
                <FormField label="Email" error={errors.email?.message}>
                  {(field) => <Input {...field} type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />}
                </FormField>
              </div>
              <FormField label="Subject" error={errors.subject?.message}>
                {(field) => <Input {...field} placeholder="What is it about?" {...form.register('subject')} />}
              </FormField>
              <FormField
                label="Message"
                error={errors.message?.message}
                hint={
                  <span className="tabular-nums">
                    {messageLength} / {CONTACT_MESSAGE_MAX}
                  </span>
                }
              >
                {(field) => <Textarea {...field} rows={7} maxLength={CONTACT_MESSAGE_MAX} className="min-h-40 resize-y" {...form.register('message')} />}
              </FormField>
              <Button type="submit" size="lg" disabled={!hydrated || send.isPending || sent}>
                {send.isPending ? <Spinner /> : null}
                {sent ? 'Message Sent' : 'Send Message'}
              </Button>
              <p className="text-xs text-muted-foreground">
                We use your details only to answer you. See our{' '}
                <Link href="/privacy-policy" className="font-medium text-foreground underline underline-offset-4">
                  Privacy Policy
                </Link>
                .
              </p>
            </form>
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
