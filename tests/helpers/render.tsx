/**
 * Client component and hook tests: the app's providers around what is tested (a fresh query client
 * with the app's defaults, a router on an in-memory location, the notice toaster), with the signed-in
 * user already known. Only test files import this.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, renderHook, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PublicUser } from '#contract/auth.ts';
import { NoticeHost } from '#client/app/notice-host.tsx';
// Loaded here, so the toaster the host loads lazily on the first notice is ready at once.
import '#client/app/notice-toaster.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

export interface ProviderOptions {
  /** The signed-in user (null: signed out). */
  user?: PublicUser | null;
  /** Where the app is: a path with its query, e.g. '/history?from=abc'. */
  path?: string;
  queryClient?: QueryClient;
}

export function testProviders({ user = null, path = '/', queryClient = createQueryClient() }: ProviderOptions = {}) {
  queryClient.setQueryData(currentUserQueryKey, user);
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {children}
        </Router>
        <NoticeHost />
      </QueryClientProvider>
    );
  }
  return { Providers, queryClient, location };
}

export function renderWithProviders(ui: ReactElement, options: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {}) {
  const { Providers, queryClient, location } = testProviders(options);
  return { ...render(ui, { wrapper: Providers }), queryClient, location };
}

export function renderHookWithProviders<T>(hook: () => T, options: ProviderOptions = {}) {
  const { Providers, queryClient, location } = testProviders(options);
  return { ...renderHook(hook, { wrapper: Providers }), queryClient, location };
}

/** A user as the API describes them: a Premium one unless told otherwise. */
export function testUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    appUserType: 'vip',
    profileImageUrl: null,
    defaultExecutiveRole: null,
    defaultIndustry: null,
    defaultUserRole: null,
    dailyInteractionsUsed: 0,
    dailyAttachmentsUsed: 0,
    lastInteractionDate: null,
    cookiesAccepted: null,
    cookieConsentDate: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLogin: null,
    numLogins: 1,
    isPremium: true,
    emailVerified: true,
    ...overrides,
  };
}
