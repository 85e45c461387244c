// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { StaleContent } from './stale-content';

afterEach(cleanup);

/** Every element from `element` up to the document: none may be faded (opacity lowers the text's contrast). */
function fadedAncestors(element: HTMLElement): string[] {
  const faded: string[] = [];
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (/\bopacity-/.test(node.className) || node.style.opacity !== '') faded.push(node.tagName);
  }
  return faded;
}

it('shows the updating bar over a list still showing the previous answer, and leaves its rows unfaded', () => {
  const { rerender } = render(
    <StaleContent stale>
      <p>WO-1005</p>
    </StaleContent>,
  );
  expect(screen.getByTestId('list-updating').getAttribute('aria-hidden')).toBe('true');
  expect(fadedAncestors(screen.getByText('WO-1005'))).toEqual([]);

  rerender(
    <StaleContent stale={false}>
      <p>WO-1005</p>
    </StaleContent>,
  );
  expect(screen.queryByTestId('list-updating')).toBeNull();
});
