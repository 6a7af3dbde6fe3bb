import { useEffect, useState } from 'react';

/** How long a copy button says "Copied" before it reads as before. */
const COPIED_FOR_MS = 2000;

/** A copy button's "Copied" state: set it after a copy, and it clears itself a moment later. */
export function useCopiedFlag(): [copied: boolean, setCopied: (copied: boolean) => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, setCopied];
}
