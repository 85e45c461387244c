import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from './ui/button';

/**
 * Catches render errors and failed page loads. After a deploy an old tab asks for chunk files that no longer
 * exist; a reload fetches the new ones, so that is the one action offered.
 */
export function RouteError() {
  const error = useRouteError();
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
