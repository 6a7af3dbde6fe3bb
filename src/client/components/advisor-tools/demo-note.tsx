import { FlaskConical } from 'lucide-react';
import { chatText } from '#contract/chat-text.ts';

/** On every demo reply and roundtable turn, for users (issue 31, point 6): how to connect a model is for admins and the log. */
export function DemoNote() {
  return (
    <p className="mb-2 flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="demo-note">
      <FlaskConical className="size-3.5 shrink-0 text-brand" aria-hidden />
      <span>
        <span className="font-semibold text-foreground">Demo:</span> {chatText.demoNote}
      </span>
    </p>
  );
}
