import { Check, Copy } from 'lucide-react';
import { memo, useRef, type ComponentProps, type ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { chatText } from '#contract/chat-text.ts';
import { GfmMarkdown } from '#client/components/markdown/lazy-markdown.tsx';
import { notify } from '#client/lib/notify.ts';
import { ReplyLink } from './reply-link.tsx';
import { CitationSup, useCitationNumbers } from '#client/components/advisor-tools/citations.tsx';
import { useCopiedFlag } from '../hooks/use-copied-flag.ts';
import { codeToRichText, tableToRichText, writeRichText, type RichText } from '../logic/rich-copy.ts';

/** "Copy table" / "Copy code" over a block of a finished reply: both clipboard types, then "Copied" for a moment. */
function CopyBlockButton({ label, read }: { label: string; read: () => RichText | null }) {
  const [copied, setCopied] = useCopiedFlag();
  return (
    <button
      type="button"
      onClick={() => {
        const content = read();
        if (!content) return;
        writeRichText(content).then(
          () => setCopied(true),
          () => notify({ ...chatText.copyFailed, variant: 'destructive' }),
        );
      }}
      className="inline-flex cursor-pointer items-center gap-1 rounded-md px-1.5 py-0.5 text-[0.6875rem] font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-3"
    >
      {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
      {copied ? chatText.copyBlock.copied : label}
    </button>
  );
}

/** A table with its own copy button (issue 14, point 5): cells as HTML and as tab-separated text. */
function CopyableTable(props: ComponentProps<'table'>) {
  const ref = useRef<HTMLTableElement>(null);
  const read = () => {
    const rows = ref.current ? [...ref.current.rows].map((row) => [...row.cells].map((cell) => cell.textContent?.trim() ?? '')) : [];
    return rows.length ? tableToRichText(rows) : null;
  };
  return (
    <div className="my-4">
      <div className="mb-1 flex justify-end">
        <CopyBlockButton label={chatText.copyBlock.table} read={read} />
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <table ref={ref} className="w-full border-collapse text-left text-sm" {...props} />
      </div>
    </div>
  );
}

/** A code block with its own copy button: the exact text. */
function CopyableCode({ children, ...props }: ComponentProps<'pre'> & { children?: ReactNode }) {
  const ref = useRef<HTMLPreElement>(null);
  return (
    <div className="relative my-3">
      <div className="absolute top-1.5 right-1.5">
        <CopyBlockButton label={chatText.copyBlock.code} read={() => (ref.current ? codeToRichText(ref.current.textContent ?? '') : null)} />
      </div>
      <pre ref={ref} className="overflow-x-auto rounded-lg bg-muted p-3.5 pr-20 text-[0.8125rem] leading-relaxed [&_code]:bg-transparent [&_code]:p-0" {...props}>
        {children}
      </pre>
    </div>
  );
}

/**
 * Replies are Markdown (GitHub flavour: tables, task lists, strikethrough). Raw HTML is never
 * rendered (no rehype-raw): it shows as text. Links open in a new tab without access to this one;
 * a link to an address the user did not give asks first (ReplyLink).
 */
const components: Components = {
  // Each reply sits under its own h2 (the advisor's name), so its headings start at h3 and never skip a level.
  h1: ({ node: _node, ...props }) => <h3 className="mt-5 mb-2 text-lg font-semibold tracking-tight first:mt-0" {...props} />,
  h2: ({ node: _node, ...props }) => <h3 className="mt-5 mb-2 text-base font-semibold tracking-tight first:mt-0" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 className="mt-5 mb-2 text-[0.95rem] font-semibold tracking-tight first:mt-0" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 className="mt-4 mb-1.5 text-sm font-semibold first:mt-0" {...props} />,
  h5: ({ node: _node, ...props }) => <h4 className="mt-4 mb-1.5 text-sm font-semibold first:mt-0" {...props} />,
  h6: ({ node: _node, ...props }) => <h4 className="mt-4 mb-1.5 text-sm font-medium first:mt-0" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-3 leading-relaxed first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-3 list-disc space-y-1.5 pl-5 marker:text-brand first:mt-0 last:mb-0" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-3 list-decimal space-y-1.5 pl-5 marker:font-semibold marker:text-muted-foreground first:mt-0 last:mb-0" {...props} />,
  li: ({ node: _node, ...props }) => <li className="pl-1 leading-relaxed" {...props} />,
  // A link to an address the user did not give shows that address, and a warning before leaving (reply-link.tsx).
  a: ({ node: _node, ...props }) => <ReplyLink {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-3 border-l-2 border-brand/70 pl-4 text-muted-foreground italic" {...props} />,
  hr: () => <hr className="my-5 border-border" />,
  table: ({ node: _node, ...props }) => (
    <div className="my-4 overflow-x-auto rounded-lg border">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead className="bg-muted/70" {...props} />,
  th: ({ node: _node, ...props }) => <th className="border-b px-3 py-2 font-semibold whitespace-nowrap" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-b px-3 py-2 align-top [tr:last-child_&]:border-b-0" {...props} />,
  pre: ({ node: _node, ...props }) => <pre className="my-3 overflow-x-auto rounded-lg bg-muted p-3.5 text-[0.8125rem] leading-relaxed [&_code]:bg-transparent [&_code]:p-0" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em]" {...props} />,
  img: ({ node: _node, alt }) => <span className="text-muted-foreground">[{alt || 'image'}]</span>,
  input: ({ node: _node, ...props }) => <input {...props} disabled className="mr-1.5 align-middle" />,
  // A `[n]` that names one of the reply's sources opens it (issue 32, point 3).
  sup: CitationSup,
};

/** A finished reply's tables and code blocks carry copy buttons; a reply still being written has none. */
const copyableComponents: Components = {
  ...components,
  table: ({ node: _node, ...props }) => <CopyableTable {...props} />,
  pre: ({ node: _node, ...props }) => <CopyableCode {...props} />,
};

/**
 * A reply's words. `streaming`: still being written (no copy buttons; unclosed marks completed for display).
 * `fallback`: what shows while the Markdown renderer is not loaded yet (it is preloaded; the chat screen
 * waits for it before showing a conversation's replies), never the text unformatted.
 */
export const MessageMarkdown = memo(function MessageMarkdown({ content, streaming = false, fallback }: { content: string; streaming?: boolean; fallback?: ReactNode }) {
  const citations = useCitationNumbers();
  return (
    <div className="text-[0.9375rem] break-words text-foreground" data-testid="reply-body">
      <GfmMarkdown content={content} streaming={streaming} components={streaming ? components : copyableComponents} fallback={fallback} citations={citations} />
    </div>
  );
});
