import { cloneElement, isValidElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

type SlotProps = Record<string, unknown> & { children?: ReactNode; className?: string; ref?: unknown };

/** Both handlers, the child's first; null when neither is a function. */
function bothHandlers(outer: unknown, inner: unknown) {
  if (typeof outer !== 'function') return inner;
  if (typeof inner !== 'function') return outer;
  return (...args: unknown[]) => {
    (inner as (...a: unknown[]) => unknown)(...args);
    (outer as (...a: unknown[]) => unknown)(...args);
  };
}

/**
 * Renders its one child element with the slot's props merged in (a Button's look on a router Link): the
 * child's own props win, classes are joined, and event handlers both run, the child's first. What Radix's
 * Slot does for this app's uses, without its 2 KB on the storefront's first page (ADR 0015).
 */
export function Slot({ children, className, ...props }: SlotProps) {
  if (!isValidElement<SlotProps>(children)) throw new Error('Slot renders exactly one element child');
  const own = children.props;
  const merged: SlotProps = { ...props, ...own, className: cn(className, own.className) };
  for (const key of Object.keys(props)) {
    if (/^on[A-Z]/.test(key)) merged[key] = bothHandlers(props[key], own[key]);
  }
  if (props.ref && own.ref) {
    const refs = [props.ref, own.ref];
    merged.ref = (node: Element | null) => {
      for (const ref of refs) {
        if (typeof ref === 'function') (ref as (node: Element | null) => void)(node);
        else (ref as { current: unknown }).current = node;
      }
    };
  }
  return cloneElement(children, merged);
}
