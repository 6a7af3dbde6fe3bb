import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RoundtableDto } from '#contract/roundtable.ts';
import { followRoundtable } from '../api/follow-roundtable.ts';
import { getRoundtable, roundtableKeys } from '../api/roundtables.ts';
import { applyTableEvent, initialState, type TableState } from '../logic/table-events.ts';

/** The table as the server last told it (a create, stop or resume answer): kept as the live state. */
export function seedTable(queryClient: QueryClient, table: RoundtableDto): void {
  queryClient.setQueryData<TableState>(roundtableKeys.table(table.id), (current) => (current ? { ...current, table, raw: {} } : initialState(table)));
}

/** One table's live state (the query cache holds it: every reader of the table sees the same). */
export function useTableState(id: string | null) {
  return useQuery({
    queryKey: roundtableKeys.table(id ?? ''),
    queryFn: async ({ signal }) => initialState(await getRoundtable(id!, signal)),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** Follows a running table's stream into the cache; one follower per table (the table's own view). */
export function useFollowTable(id: string, running: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    void followRoundtable(
      id,
      (event) => queryClient.setQueryData<TableState>(roundtableKeys.table(id), (state) => (state ? applyTableEvent(state, event) : state)),
      controller.signal,
    ).then((result) => {
      // Refused or unreachable: read the stored table once more (it may have ended meanwhile).
      if (result === 'gone' || result === 'gave-up') void queryClient.invalidateQueries({ queryKey: roundtableKeys.table(id) });
    });
    return () => controller.abort();
  }, [id, running, queryClient]);
}
