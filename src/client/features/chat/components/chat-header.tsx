import { Ellipsis, History, ListChecks, SquarePen, Volume2, VolumeX } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLink, BrandMark } from '#client/components/layout/brand.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx';
import { clientConfig } from '#client/config.ts';
import { cn } from '#client/lib/class-names.ts';
import { chatText } from '#contract/chat-text.ts';
import { decisionsText } from '#contract/decisions-text.ts';

interface Props {
  /** The conversation sidebar's button on small screens (decision 033); null where the sidebar is a column. */
  sidebarButton?: ReactNode;
  /** The conversation's title ("New conversation" before there is one). */
  title: string;
  /** The advisor card's button (issue 14, point 7). */
  advisorCard: ReactNode;
  historyHref: string;
  onNewConversation: () => void;
  audio: { enabled: boolean; toggle: () => void };
  exportMenu: ReactNode;
  profileMenu: ReactNode;
  /** The decision log's button (decision 034). */
  decisions?: ReactNode;
  /** Opens the decision log (its item in the phone's menu); null without one. */
  onOpenDecisions?: (() => void) | null;
}

/**
 * The chat header (spec section 2): logo home, the conversation's title, the advisor card, new conversation,
 * history, export, audio, profile. Icons only on phones, where the decision log and reading aloud fold into one
 * "More actions" menu so the title keeps room to be read (decision 039).
 */
export function ChatHeader({ sidebarButton, title, advisorCard, historyHref, onNewConversation, audio, exportMenu, profileMenu, decisions, onOpenDecisions }: Props) {
  // A dialog opened from the menu opens once the menu has given focus back to its button, so closing the dialog
  // returns focus there (opened from the item itself, it would return to an item that no longer exists).
  const afterMenuCloses = useRef<(() => void) | null>(null);
  return (
    <header className="z-30 shrink-0 border-b bg-background/90 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-1 px-2 sm:gap-2 sm:px-4">
        {sidebarButton}
        <BrandLink className="hidden sm:inline-flex" />
        <Link href="/" aria-label={`${clientConfig.appName} home`} className="rounded-md p-1 focus-visible:outline-2 focus-visible:outline-ring sm:hidden">
          <BrandMark />
        </Link>
        <p className="line-clamp-2 min-w-0 flex-1 px-1 text-xs leading-tight font-semibold break-words sm:line-clamp-1 sm:px-3 sm:text-base" title={title} data-testid="conversation-title">
          {title}
        </p>
        <nav aria-label="Conversation" className="flex shrink-0 items-center gap-0.5 sm:gap-1">
          {advisorCard}
          <Button variant="ghost" size="sm" className="max-sm:size-9 max-sm:px-0" onClick={onNewConversation} aria-label="New conversation">
            <SquarePen aria-hidden />
            <span className="hidden sm:inline">New</span>
          </Button>
          {/* On a phone with the sidebar's drawer, the drawer holds the history and its link (room for the title). */}
          <Button asChild variant="ghost" size="sm" className={cn('max-sm:size-9 max-sm:px-0', sidebarButton && 'max-sm:hidden')}>
            <Link href={historyHref} aria-label="Conversation history">
              <History aria-hidden />
              <span className="hidden sm:inline">History</span>
            </Link>
          </Button>
          <span className="contents max-sm:hidden">{decisions}</span>
          {exportMenu}
          <Button
            variant="ghost"
            size="icon"
            className={cn('size-9 max-sm:hidden', audio.enabled && 'text-brand')}
            aria-label={chatText.header.readAloud}
            aria-pressed={audio.enabled}
            title={audio.enabled ? chatText.header.readAloudOn : chatText.header.readAloudOff}
            onClick={audio.toggle}
          >
            {audio.enabled ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className={cn('size-9 sm:hidden', audio.enabled && 'text-brand')} aria-label={chatText.header.more}>
                <Ellipsis aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent
              onCloseAutoFocus={() => {
                afterMenuCloses.current?.();
                afterMenuCloses.current = null;
              }}
            >
              {onOpenDecisions && (
                <DropdownMenuItem onSelect={() => (afterMenuCloses.current = onOpenDecisions)}>
                  <ListChecks aria-hidden />
                  {decisionsText.panel.button}
                </DropdownMenuItem>
              )}
              <DropdownMenuCheckboxItem checked={audio.enabled} onCheckedChange={audio.toggle}>
                {audio.enabled ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
                {chatText.header.readAloud}
              </DropdownMenuCheckboxItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </nav>
        <span className="mx-1 h-6 w-px bg-border max-sm:hidden" aria-hidden />
        {profileMenu}
      </div>
    </header>
  );
}
