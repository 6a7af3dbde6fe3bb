import { Inbox, Mail, RefreshCw } from 'lucide-react';
import { Fragment } from 'react';
import { Link, useSearch } from 'wouter';
import { devMailText, type OutboxMessage, type OutboxSummary } from '#contract/dev-mail.ts';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/class-names.ts';
import NotFoundPage from './not-found-page.tsx';
import { useOutbox, useOutboxMessage } from '#client/features/dev-mail/api/outbox.ts';

const URL_IN_TEXT = /(https?:\/\/[^\s<>"')]+)/g;

/** The text part with every address a link a person can follow. */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_IN_TEXT).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all font-medium text-primary underline underline-offset-2">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function MessageList({ messages, selected }: { messages: OutboxSummary[]; selected: string | null }) {
  return (
    <ul className="divide-y overflow-hidden rounded-xl border bg-card" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id}>
          <Link
            href={`/dev/mail?id=${m.id}`}
            aria-current={m.id === selected ? 'true' : undefined}
            className={cn('block px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none', m.id === selected && 'bg-secondary')}
          >
            <span className="block truncate text-sm font-medium">{m.subject}</span>
            <span className="mt-0.5 flex justify-between gap-3 text-xs text-muted-foreground">
              <span className="truncate">To {m.to}</span>
              <time dateTime={m.sentAt} className="shrink-0">
                {when(m.sentAt)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function MessageView({ message }: { message: OutboxMessage }) {
  return (
    <article className="rounded-xl border bg-card p-5 sm:p-6" aria-labelledby="dev-mail-subject">
      <h2 id="dev-mail-subject" className="text-xl font-semibold tracking-tight">
        {message.subject}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">From</dt>
        <dd className="break-all">{message.from}</dd>
        <dt className="text-muted-foreground">To</dt>
        <dd className="break-all">{message.to}</dd>
        {message.replyTo ? (
          <>
            <dt className="text-muted-foreground">Reply-To</dt>
            <dd className="break-all">{message.replyTo}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Date</dt>
        <dd>
          <time dateTime={message.sentAt}>{when(message.sentAt)}</time>
        </dd>
      </dl>
      <div className="mt-5 whitespace-pre-wrap border-t pt-5 text-[0.95rem] leading-relaxed">
        <LinkedText text={message.text} />
      </div>
      <div className="mt-6 border-t pt-4">
        <a href={`/api/dev/mail/${message.id}/eml`} download className="text-sm text-muted-foreground underline underline-offset-2 hover:text-foreground">
          {devMailText.download}
        </a>
      </div>
    </article>
  );
}

/**
 * /dev/mail (decision 056): the local installation's mailbox, like letter_opener or Mailpit. Served only
 * when the server has no SMTP_URL and is not in production; elsewhere its API answers 404 and so does this page.
 */
export default function DevMailPage() {
  const outbox = useOutbox();
  const requested = new URLSearchParams(useSearch()).get('id');
  const messages = outbox.data?.messages ?? [];
  const selected = requested ?? messages[0]?.id ?? null;
  const message = useOutboxMessage(selected);

  if (outbox.error instanceof ApiError && outbox.error.status === 404) return <NotFoundPage />;

  return (
    <div className="flex min-h-dvh flex-col bg-secondary/30">
      <SiteHeader variant="centered" />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
              <Inbox className="size-6 text-primary" aria-hidden />
              {devMailText.title}
            </h1>
            <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{devMailText.intro}</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
            <RefreshCw className={cn('size-4', outbox.isFetching && 'animate-spin')} aria-hidden />
            {devMailText.refresh}
          </Button>
        </div>

        {outbox.isPending ? (
          <div className="mt-10 flex justify-center">
            <Spinner className="size-8" />
          </div>
        ) : outbox.isError ? (
          <p role="alert" className="mt-8 text-destructive">
            {outbox.error.message}
          </p>
        ) : messages.length === 0 ? (
          <div className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
            <Mail className="size-10 text-muted-foreground" aria-hidden />
            <p className="max-w-sm text-muted-foreground">{devMailText.empty}</p>
          </div>
        ) : (
          <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
            <MessageList messages={messages} selected={selected} />
            <div className="min-w-0">
              {message.data ? (
                <MessageView message={message.data} />
              ) : message.isError ? (
                <p role="alert" className="text-destructive">
                  {message.error.message}
                </p>
              ) : (
                <div className="flex justify-center py-10">
                  <Spinner className="size-6" />
                </div>
              )}
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
