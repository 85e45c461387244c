import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface ErrorListProps {
  messages: readonly string[];
  /** A closing line under the messages, e.g. what to do next. */
  footer?: ReactNode;
  className?: string;
}

/** The messages that stop an action, announced to screen readers; nothing when there are none. */
export function ErrorList({ messages, footer, className }: ErrorListProps) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className={cn(
        'space-y-1 rounded-lg border border-destructive/30 bg-destructive-muted px-3 py-2 text-sm text-destructive',
        className,
      )}
    >
      {messages.map((message) => (
        <p key={message} className="flex items-start gap-2">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </p>
      ))}
      {footer ? <p className="text-foreground">{footer}</p> : null}
    </div>
  );
}
