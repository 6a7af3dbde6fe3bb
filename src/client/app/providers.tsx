import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '#client/lib/query-client.ts';
import { NoticeHost } from './notice-host.tsx';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <NoticeHost />
    </QueryClientProvider>
  );
}
