import { PanelLeft, PanelLeftClose, PanelLeftOpen, SquarePen, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { sidebarText } from '#contract/history-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SidebarContent } from '../components/conversation-sidebar.tsx';
import { useLargeScreen } from './use-large-screen.ts';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';
import { useSidebarLiveList } from './use-sidebar-live-list.ts';
import type { ChatSidebar, ChatSidebarOptions } from '#client/slots/chat.ts';

/** The shortcut, as aria-keyshortcuts says it (the shortcuts dialog lists it: chatText.shortcuts). */
const SHORTCUT = 'Control+Shift+Period';


/**
 * The conversation sidebar of /chat (issue 14, point 2; decision 033). From the lg breakpoint it is
 * a column (288 px) beside the conversation, folded to a 56 px rail with its button and the state
 * kept in localStorage; below it, a drawer opened from the header's button: a modal dialog (focus
 * kept inside, Esc or the backdrop closes it, focus goes back to the button) that closes once a
 * conversation is chosen. The chat screen's sidebar slot (src/client/slots/chat.ts).
 */
export function useConversationSidebar({ user, sessionId, title, replying, onNewConversation, onSessionRenamed, onUpgrade }: ChatSidebarOptions): ChatSidebar {
  const large = useLargeScreen();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  // Folding or unfolding from inside the column moves focus to the button that undoes it (the one pressed is gone).
  const toggleButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    toggleButton.current?.focus();
  }, [collapsed]);
  const fold = useCallback(
    (next: boolean) => {
      refocus.current = document.activeElement === document.body || !!document.activeElement?.closest('[data-testid="chat-sidebar"]');
      setCollapsed(next);
    },
    [setCollapsed],
  );
  useSidebarLiveList({ userId: user.id, sessionId, title, replying, enabled: user.isPremium });

  const toggle = useCallback(() => {
    if (large) fold(!collapsed);
    else setDrawerOpen((open) => !open);
  }, [large, collapsed, fold]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const content = (onNavigate: () => void, topAction: ReactNode, headingId: string) => (
    <SidebarContent
      user={user}
      sessionId={sessionId}
      onNewConversation={onNewConversation}
      onNavigate={onNavigate}
      onSessionRenamed={onSessionRenamed}
      onUpgrade={() => {
        onNavigate();
        onUpgrade();
      }}
      topAction={topAction}
      headingId={headingId}
    />
  );

  let panel: ReactNode;
  if (large && collapsed) {
    panel = (
      <aside aria-label={sidebarText.label} className="flex w-14 shrink-0 flex-col items-center gap-2 border-r bg-muted/30 py-2" data-testid="chat-sidebar" data-collapsed="true">
        <Button ref={toggleButton} variant="ghost" size="icon" className="size-9" aria-label={sidebarText.expand} aria-expanded={false} aria-keyshortcuts={SHORTCUT} title={sidebarText.expand} onClick={() => fold(false)}>
          <PanelLeftOpen aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-9" aria-label={sidebarText.newConversation} title={sidebarText.newConversation} onClick={onNewConversation}>
          <SquarePen aria-hidden />
        </Button>
      </aside>
    );
  } else if (large) {
    panel = (
      <aside aria-labelledby="chat-sidebar-heading" className="flex w-72 shrink-0 flex-col border-r bg-muted/30" data-testid="chat-sidebar">
        {content(
          () => {},
          <Button
            ref={toggleButton}
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground"
            aria-label={sidebarText.collapse}
            aria-expanded
            aria-keyshortcuts={SHORTCUT}
            title={sidebarText.collapse}
            onClick={() => fold(true)}
          >
            <PanelLeftClose aria-hidden />
          </Button>,
          'chat-sidebar-heading',
        )}
      </aside>
    );
  } else {
    panel = (
      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/55 backdrop-blur-[2px] data-[state=open]:animate-in" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            data-testid="chat-sidebar"
            onCloseAutoFocus={(event) => {
              // The header's button opened it (it is no Radix trigger): focus goes back there.
              event.preventDefault();
              openButton.current?.focus();
            }}
            onEscapeKeyDown={(event) => {
              // Esc in a title being renamed cancels the rename, not the drawer.
              if ((event.target as HTMLElement | null)?.closest?.('[data-rename-input]')) event.preventDefault();
            }}
            className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col border-r bg-background pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] text-foreground shadow-2xl outline-none data-[state=open]:animate-slide-in-left"
          >
            <DialogPrimitive.Title className="sr-only">{sidebarText.label}</DialogPrimitive.Title>
            {content(
              closeDrawer,
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" size="icon" className="size-9 text-muted-foreground" aria-label={sidebarText.close}>
                  <X aria-hidden />
                </Button>
              </DialogPrimitive.Close>,
              'chat-sidebar-heading',
            )}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  const headerButton = large ? null : (
    <Button ref={openButton} variant="ghost" size="icon" className="size-9 shrink-0" aria-label={sidebarText.open} aria-haspopup="dialog" aria-expanded={drawerOpen} aria-keyshortcuts={SHORTCUT} onClick={() => setDrawerOpen(true)}>
      <PanelLeft aria-hidden />
    </Button>
  );

  return { panel, headerButton, toggle };
}
