import { History, SquarePen, Volume2, VolumeX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLink, BrandMark } from '#client/components/layout/brand.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { clientConfig } from '#client/config.ts';
import { cn } from '#client/lib/class-names.ts';

interface Props {
  historyHref: string;
  onNewConversation: () => void;
  audio: { enabled: boolean; toggle: () => void };
  exportMenu: ReactNode;
  profileMenu: ReactNode;
}

/** The chat header (spec section 2): logo home, new conversation, history, export, audio, profile. Icons only on phones. */
export function ChatHeader({ historyHref, onNewConversation, audio, exportMenu, profileMenu }: Props) {
  return (
    <header className="z-30 shrink-0 border-b bg-background/90 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-1 px-2 sm:gap-2 sm:px-4">
        <BrandLink className="hidden sm:inline-flex" />
        <Link href="/" aria-label={`${clientConfig.appName} home`} className="rounded-md p-1 focus-visible:outline-2 focus-visible:outline-ring sm:hidden">
          <BrandMark />
        </Link>
        <span className="flex-1" />
        <nav aria-label="Conversation" className="flex items-center gap-0.5 sm:gap-1">
          <Button variant="ghost" size="sm" className="max-sm:size-9 max-sm:px-0" onClick={onNewConversation} aria-label="New conversation">
            <SquarePen aria-hidden />
            <span className="hidden sm:inline">New</span>
          </Button>
          <Button asChild variant="ghost" size="sm" className="max-sm:size-9 max-sm:px-0">
            <Link href={historyHref} aria-label="Conversation history">
              <History aria-hidden />
              <span className="hidden sm:inline">History</span>
            </Link>
          </Button>
          {exportMenu}
          <Button
            variant="ghost"
            size="icon"
            className={cn('size-9', audio.enabled && 'text-brand')}
            aria-label="Read replies aloud"
            aria-pressed={audio.enabled}
            title={audio.enabled ? 'Reading replies aloud: on' : 'Reading replies aloud: off'}
            onClick={audio.toggle}
          >
            {audio.enabled ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
          </Button>
        </nav>
        <span className="mx-1 h-6 w-px bg-border" aria-hidden />
        {profileMenu}
      </div>
    </header>
  );
}
