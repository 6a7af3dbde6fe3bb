import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '#client/lib/query-client.ts';
import { stubApi } from '#tests/helpers/fake-api.ts';
import { renderWithProviders, testUser } from '#tests/helpers/render.tsx';
import { RequireAuth } from './route-guards.tsx';

const app = (
  <Switch>
    <Route path="/signin">
      <h1>Sign in</h1>
    </Route>
    <Route path="/chat">
      <RequireAuth>
        <h1>The chat</h1>
      </RequireAuth>
    </Route>
  </Switch>
);

describe('RequireAuth', () => {
  it('shows the spinner while /api/auth/me has not answered, then the page (as a deferred render)', async () => {
    let answer: (user: unknown) => void = () => {};
    stubApi({ 'GET /api/auth/me': () => new Promise((resolve) => (answer = resolve)) });
    // A first visit: nothing known about the user until the API answers.
    const location = memoryLocation({ path: '/chat' });
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={location.hook}>{app}</Router>
      </QueryClientProvider>,
    );
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'The chat' })).toBeNull();

    answer(testUser());
    expect(await screen.findByRole('heading', { name: 'The chat' })).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('sends a signed-out visitor to sign in, carrying where they wanted to go', async () => {
    const { location } = renderWithProviders(app, { user: null, path: '/chat?session=abc' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/signin?redirect=%2Fchat%3Fsession%3Dabc');
    expect(screen.queryByRole('heading', { name: 'The chat' })).toBeNull();
  });

  it('a signed-in user sees the page', async () => {
    renderWithProviders(app, { user: testUser(), path: '/chat' });
    expect(await screen.findByRole('heading', { name: 'The chat' })).toBeInTheDocument();
  });
});
