import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the decision log: the URLs they read. */
export const decisionKeys = {
  all: ['/api/decisions'] as const,
  list: () => ['/api/decisions', 'list'] as const,
  followUps: () => ['/api/decisions', 'follow-ups'] as const,
};

/** After any change: the panel's list and the welcome card's follow-ups are read again. */
export function invalidateDecisions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: decisionKeys.all });
}
