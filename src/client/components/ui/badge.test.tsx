// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hasVisibleEdge } from '../../test-support/badge-edge';
import { Badge, type BadgeVariant } from './badge';

afterEach(cleanup);

const VARIANTS: BadgeVariant[] = ['default', 'secondary', 'success', 'warning', 'destructive', 'outline'];

describe('Badge', () => {
  it.each(VARIANTS)('draws %s as a badge, never as bare text: it has a visible edge', (variant) => {
    render(<Badge variant={variant}>Processing</Badge>);
    const badge = screen.getByText('Processing');
    expect(badge.getAttribute('data-variant')).toBe(variant);
    expect(hasVisibleEdge(badge)).toBe(true);
  });
});
