import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Class lists are not merged at run time (tailwind-merge cost the storefront about 9 KB
 * gzipped): the ui/ primitives write the defaults a caller may override with the zero-specificity `weak:`
 * variant (styles.css), so a caller's `px-2` beats a primitive's `weak:px-4` whatever the CSS order. Inside
 * one component, pick one class per property with a conditional instead of listing two.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
