import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '#client/lib/query-client.ts';
import { NOTICE_REMOVE_DELAY_MS } from '#contract/limits.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* One notice at a time; each leaves 3000 ms after it appears or is dismissed. */}
      <Toaster visibleToasts={1} duration={NOTICE_REMOVE_DELAY_MS} closeButton position="top-center" theme="system" richColors />
    </QueryClientProvider>
  );
}
