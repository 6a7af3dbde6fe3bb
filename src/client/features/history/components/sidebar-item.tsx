import { Check, MoreHorizontal, Pencil, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { sidebarText } from '#contract/history-text.ts';
import type { ChatSessionListItem } from '#contract/history.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/class-names.ts';
import { chatHref } from '../logic/chat-link.ts';
import { Snippet } from './conversation-card.tsx';

interface Props {
  session: ChatSessionListItem;
  current: boolean;
  searching: boolean;
  /** A conversation was chosen (the drawer closes). */
  onNavigate: () => void;
  /** Saves a new title; rejects with the reason to show when it could not. */
  onRename: (title: string) => Promise<unknown>;
  onDelete: () => void;
}

/** The words a refused rename shows under the field: the contract's rule, the server's own message, or a plain failure. */
function renameError(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return error.message.replace(/^title:\s*/, '');
  return sidebarText.renameFailed;
}

/**
 * One conversation in the sidebar (decision 033): its title links to it (aria-current on the open one);
 * the actions menu renames it in place (Enter saves, Esc cancels, a refusal is shown under the field)
 * or asks to delete it.
 */
export function SidebarItem({ session, current, searching, onNavigate, onRename, onDelete }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(session.title);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A save reading its rule (an Enter pressed twice saves once).
  const checking = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const snippetId = useId();
  const snippet = searching ? session.snippet : null;

  useEffect(() => {
    if (!editing) return;
    // After the menu has closed (it gives focus back to its button first).
    const timer = setTimeout(() => {
      inputRef.current?.focus();
      inputRef.current?.select();
    }, 0);
    return () => clearTimeout(timer);
  }, [editing]);

  const startEditing = () => {
    // The title's rule is the contract's (zod): loaded now, not with the chat screen (decision 042).
    void import('#contract/chat.ts');
    setDraft(session.title);
    setError(null);
    setEditing(true);
  };
  const stopEditing = () => {
    setEditing(false);
    setError(null);
    setTimeout(() => menuButtonRef.current?.focus(), 0);
  };
  const save = async () => {
    if (saving || checking.current) return;
    // The contract's rule (asked for when editing started: usually here already).
    checking.current = true;
    const rule = await import('#contract/chat.ts').then(
      (contract) => contract.renameChatSessionInputSchema,
      () => null,
    );
    checking.current = false;
    if (!rule) {
      setError(sidebarText.renameFailed);
      inputRef.current?.focus();
      return;
    }
    const parsed = rule.safeParse({ title: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? sidebarText.renameFailed);
      inputRef.current?.focus();
      return;
    }
    if (parsed.data.title === session.title) return stopEditing();
    setSaving(true);
    setError(null);
    try {
      await onRename(parsed.data.title);
      stopEditing();
    } catch (failure) {
      setError(renameError(failure));
      inputRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      // Esc here cancels the rename only: not the drawer, not a reply being written.
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    }
  };

  if (editing) {
    return (
      <div className="flex flex-col gap-1 rounded-md bg-muted/60 p-1.5" data-testid="sidebar-rename">
        <div className="flex items-center gap-1">
          <input
            ref={inputRef}
            data-rename-input
            aria-label={sidebarText.renameLabel}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={draft}
            disabled={saving}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            className="h-8 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-destructive"
          />
          <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={sidebarText.save} onClick={() => void save()} disabled={saving}>
            {saving ? <Spinner className="size-4" label={sidebarText.save} /> : <Check aria-hidden />}
          </Button>
          <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={sidebarText.cancel} onClick={stopEditing} disabled={saving}>
            <X aria-hidden />
          </Button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="px-1 text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div
      data-testid="sidebar-item"
      className={cn(
        'group relative flex items-center rounded-md text-sm transition-colors hover:bg-muted focus-within:bg-muted',
        current && 'bg-accent text-accent-foreground hover:bg-accent focus-within:bg-accent',
      )}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 py-2 pl-2.5 pr-9">
        {/* The whole row opens the conversation (a stretched link); its name is the title alone, the search's snippet describes it. */}
        <Link
          href={chatHref(session.id)}
          aria-current={current ? 'page' : undefined}
          aria-describedby={snippet ? snippetId : undefined}
          onClick={onNavigate}
          title={session.title}
          className={cn(
            'truncate rounded-md outline-none after:absolute after:inset-0 after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring',
            current ? 'font-semibold' : 'font-medium',
          )}
        >
          {session.title}
        </Link>
        {snippet ? (
          <span id={snippetId} className="line-clamp-2 text-xs text-muted-foreground">
            <Snippet snippet={snippet} />
          </span>
        ) : null}
      </div>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            aria-label={sidebarText.actions(session.title)}
            className="absolute right-1 top-1.5 z-10 size-7 text-muted-foreground opacity-100 hover:bg-background/70 hover:text-foreground focus-visible:opacity-100 data-[state=open]:opacity-100 lg:opacity-0 lg:group-hover:opacity-100 lg:group-focus-within:opacity-100"
          >
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40" onCloseAutoFocus={(event) => editing && event.preventDefault()}>
          <DropdownMenuItem onSelect={startEditing}>
            <Pencil aria-hidden />
            {sidebarText.rename}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onDelete} className="text-destructive [&_svg]:text-destructive">
            <Trash2 aria-hidden />
            {sidebarText.delete}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
