import { Copy } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';

/**
 * 'Save your recovery codes' (docs/admin.md#security): the codes, shown this once (the server keeps only
 * their hashes), with Copy and 'I have saved my recovery codes'. The heading takes the focus when it
 * appears, so a screen reader announces it.
 */
export function RecoveryCodesNotice({
  codes,
  onDone,
  headingLevel = 3,
  doneLabel = 'I have saved my recovery codes',
}: {
  codes: string[];
  onDone: () => void;
  headingLevel?: 2 | 3;
  doneLabel?: string;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  useEffect(() => headingRef.current?.focus(), []);

  function copy() {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      toast.error('Could not copy the codes', { description: 'Select them and copy them by hand.' });
      return;
    }
    clipboard.writeText(codes.join('\n')).then(
      () => toast.success('Recovery codes copied'),
      () => toast.error('Could not copy the codes', { description: 'Select them and copy them by hand.' }),
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="space-y-1">
        <Heading
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold focus-visible:outline-2 focus-visible:outline-ring"
        >
          Save your recovery codes
        </Heading>
        <p className="text-sm text-muted-foreground">
          Each code signs you in once if you lose your authenticator app. They are shown only now: copy them
          or write them down, and keep them somewhere safe.
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-lg border border-border bg-muted/40 p-4 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </section>
  );
}
