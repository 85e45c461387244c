/**
 * Whether a badge looks like a badge, not bare text (components/ui/badge.tsx): a border that shows (any
 * colour but transparent), or the solid fill of the default badge.
 */
export function hasVisibleEdge(badge: HTMLElement): boolean {
  const classes = badge.className.split(/\s+/);
  const border = classes.some((name) => /^border-(?!transparent$)[a-z]/.test(name));
  return border || classes.includes('bg-primary');
}
