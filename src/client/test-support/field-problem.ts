import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Asserts that the field labelled `label` shows `message` as its own problem (issue 31 finding 8): the
 * input is aria-invalid and its aria-describedby names an element that says `message`.
 */
export function expectFieldProblem(label: string, message: string): HTMLElement {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid'), `${label} is aria-invalid`).toBe('true');
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
  expect(described, `${label} is described by its problem`).toContain(message);
  return input;
}

/** Asserts that the field labelled `label` shows no problem. */
export function expectNoFieldProblem(label: string): void {
  expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBeNull();
}
