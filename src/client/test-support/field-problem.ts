import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Asserts that the field labelled `label` shows `message` as its own problem (issue 31 finding 8): the
 * input is aria-invalid and its aria-describedby names an element that says `message`. `container` narrows
 * the search (a dialog, a form).
 */
export function expectFieldProblem(label: string, message: string, container?: HTMLElement): HTMLElement {
  const input = (container ? within(container) : screen).getByLabelText(label);
  expect(input.getAttribute('aria-invalid'), `${label} is aria-invalid`).toBe('true');
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
  expect(described, `${label} is described by its problem`).toContain(message);
  return input;
}

/** Asserts that the field labelled `label` shows no problem. */
export function expectNoFieldProblem(label: string, container?: HTMLElement): void {
  const input = (container ? within(container) : screen).getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBeNull();
}
