// Catches render errors below it and shows the error page; Retry renders the children again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  fullScreen?: boolean;
}

interface ErrorBoundaryState {
  failed: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <ErrorPage fullScreen={this.props.fullScreen} onRetry={() => this.setState({ failed: false })} />;
    }
    return this.props.children;
  }
}
