import { TriangleAlert } from 'lucide-react';
import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from './ui/button';

/**
 * Catches render errors and failed page loads. After a deploy an old tab asks for chunk files that no longer
 * exist; a reload fetches the new ones, so that is the one action offered.
 */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    // Kept in the console for support; the customer sees a generic message.
    console.error(error);
  }, [error]);

  return (
    <section role="alert" className="mx-auto my-16 max-w-lg px-4 text-center">
      <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-destructive" />
      <h1 className="mt-4 text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-muted-foreground">The page could not be shown. Reloading usually fixes this.</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </section>
  );
}

interface BoundaryProps {
  /** The boundary shows its children again when this changes (the history entry's key: any navigation). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: { value: unknown; resetKey: string } | null;
}

/**
 * Shows RouteError instead of the pages below it when one throws while rendering, until the reader goes
 * somewhere else, or to the same page again (`resetKey`). React catches render errors only in a class
 * component with these two methods (ADR 0035).
 */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(value: unknown): Partial<BoundaryState> {
    return { error: { value, resetKey: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.error) return null;
    // Just caught: remember which page it belongs to. Another page since: show the pages again.
    if (state.error.resetKey === '') return { error: { ...state.error, resetKey: props.resetKey } };
    return state.error.resetKey === props.resetKey ? null : { error: null };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error.value} /> : this.props.children;
  }
}

/** The pages below, or RouteError if one of them throws, until the next navigation (ADR 0035). */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <RouteErrorBoundary resetKey={key}>{children}</RouteErrorBoundary>;
}
