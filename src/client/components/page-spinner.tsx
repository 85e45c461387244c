import { Spinner } from './ui/spinner';

/** Shown while a lazily loaded page's code arrives. */
export function PageSpinner({ label = 'Loading page…' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner className="size-8" />
      <span>{label}</span>
    </div>
  );
}
