import { useId, useState } from 'react';
import { cn } from '../../lib/cn';

/** Longer than this (or on several lines), an error shows two lines until 'Show full error'. */
const SHORT_ERROR = 120;

/**
 * The mail server's last answer. SMTP errors can run to a paragraph: a long one is cut to two lines, with the
 * whole text on hover (title) and behind 'Show full error'. Screen readers read the whole text either way.
 */
export function LastError({ error }: { error: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  if (!error) return <span className="text-muted-foreground">—</span>;
  const long = error.length > SHORT_ERROR || error.includes('\n');
  if (!long) return <span className="wrap-anywhere">{error}</span>;
  return (
    <div className="space-y-1">
      <p
        id={textId}
        title={expanded ? undefined : error}
        className={cn('wrap-anywhere', expanded ? 'whitespace-pre-wrap' : 'line-clamp-2')}
      >
        {error}
      </p>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={textId}
        onClick={() => setExpanded((open) => !open)}
        className="text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {expanded ? 'Show less' : 'Show full error'}
      </button>
    </div>
  );
}
