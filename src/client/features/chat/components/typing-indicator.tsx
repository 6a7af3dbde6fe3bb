/** Three pulsing dots while the advisor has not written the first word yet. */
export function TypingDots({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 py-1.5" role="status" data-testid="typing-indicator">
      <span className="sr-only">{label}</span>
      {[0, 150, 300].map((delay) => (
        <span key={delay} aria-hidden className="size-2 animate-bounce rounded-full bg-muted-foreground/60" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </span>
  );
}
