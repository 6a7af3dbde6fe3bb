import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';

interface State {
  error: Error | null;
}

/** One per route section: a crash in a page shows a way out instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Page crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunkFailed = /dynamically imported module|Loading chunk/i.test(this.state.error.message);
    return (
      <div role="alert" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="text-muted-foreground">
          {chunkFailed ? 'A new version of the app is available, or the connection dropped.' : 'This page hit an unexpected error.'} Reloading usually fixes it.
        </p>
        <div className="flex gap-2">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
        </div>
      </div>
    );
  }
}
