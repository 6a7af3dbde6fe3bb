import { useEffect, useState } from 'react';

/** A search answers while the user types, but not on every key. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The search box's text, and the trimmed query it settles on once typing pauses. */
export function useDebouncedSearch(delayMs = SEARCH_DEBOUNCE_MS) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const trimmed = search.trim();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(trimmed), delayMs);
    return () => clearTimeout(timer);
  }, [trimmed, delayMs]);
  return { search, setSearch, query };
}
