import { cn } from '../../lib/cn';

/**
 * An e-mail address in a narrow column (issue 31 finding 9): it may wrap only before the '@', never inside
 * a word ('admin@example.co m'); a part still wider than the column is cut with an ellipsis, and the whole
 * address is the title (and stays whole for copying and for screen readers).
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  const part = 'inline-block max-w-full truncate align-bottom';
  return (
    <span title={email} className={cn('inline-block max-w-full', className)}>
      <span className={part}>{local}</span>
      {domain ? (
        <>
          <wbr />
          <span className={part}>{domain}</span>
        </>
      ) : null}
    </span>
  );
}
