// Catches render errors below it and shows the error page. Retry renders the children again,
// except after a page module failed to arrive (a new deployment, or the network gone): then the
// page reloads, which fetches the modules afresh.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page.tsx';

/** A dynamic import that failed; each browser words it differently. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|importing a module script failed|error loading dynamically imported/i.test(error.message);

interface ErrorBoundaryProps {
  children: ReactNode;
  fullScreen?: boolean;
}

interface ErrorBoundaryState {
  error: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error ?? new Error('Render failed') };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const retry = isChunkLoadError(error) ? () => window.location.reload() : () => this.setState({ error: null });
    return <ErrorPage fullScreen={this.props.fullScreen} onRetry={retry} />;
  }
}
