import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Keeps a crash inside one dashboard section from taking the whole portal down: the sidebar (and Logout)
 * stay usable, and the section can be tried again. Remount it with a `key` to reset it on a section change.
 */
export class SectionErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for support.
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-muted px-4 py-4 text-sm"
      >
        <p className="flex items-center gap-2 font-medium">
          <TriangleAlert aria-hidden="true" className="size-4 text-destructive" />
          This section could not be shown.
        </p>
        <Button variant="outline" size="sm" onClick={() => this.setState({ failed: false })}>
          Try again
        </Button>
      </div>
    );
  }
}
