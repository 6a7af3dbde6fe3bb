import { ClipboardCopy, FileDown, Lock, Share } from 'lucide-react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx';
import { notify } from '#client/lib/notify.ts';
import { splitDemoMarker } from '../logic/demo-marker.ts';

/** The conversation as plain Markdown, speaker by speaker. */
export function conversationText(messages: ChatMessageDto[]): string {
  return messages
    .filter((m) => m.content.trim())
    .map((m) => {
      if (m.role === 'system') return `_${m.content}_`;
      const speaker = m.role === 'user' ? 'You' : (m.executiveRole ?? 'Advisor');
      return `**${speaker}:**\n\n${m.role === 'assistant' ? splitDemoMarker(m.content).body : m.content}`;
    })
    .join('\n\n---\n\n');
}

/**
 * Export (spec section 2, Premium): copy the conversation now; PDF export arrives with the
 * history feature and is shown as such rather than hidden.
 */
export function ExportMenu({ messages, isPremium, onUpgrade }: { messages: ChatMessageDto[]; isPremium: boolean; onUpgrade: () => void }) {
  const copyConversation = async () => {
    if (!isPremium) return onUpgrade();
    try {
      await navigator.clipboard.writeText(conversationText(messages));
      notify({ title: 'Conversation copied', description: 'The whole conversation is on your clipboard.', variant: 'success' });
    } catch {
      notify({ title: 'Copy failed', description: 'The conversation could not be copied to the clipboard.', variant: 'destructive' });
    }
  };
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="max-sm:size-9 max-sm:px-0" aria-label="Export conversation">
          <Share aria-hidden />
          <span className="hidden sm:inline">Export</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Export this conversation</DropdownMenuLabel>
        <DropdownMenuItem disabled={messages.length === 0} onSelect={() => void copyConversation()}>
          {isPremium ? <ClipboardCopy aria-hidden /> : <Lock aria-hidden />}
          Copy conversation
          {isPremium ? null : <span className="ml-auto text-[0.6875rem] font-semibold text-accent-foreground">Premium</span>}
        </DropdownMenuItem>
        <DropdownMenuItem disabled>
          <FileDown aria-hidden />
          Download PDF
          <span className="ml-auto text-[0.6875rem] text-muted-foreground">Coming soon</span>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
