// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectFieldProblem, expectNoFieldProblem } from '../../test-support/field-problem';
import { Field, TextAreaField } from './field';
import { SelectField } from './select-field';

afterEach(cleanup);

describe('the fields’ problems (issue 31, finding 8)', () => {
  it('shows each problem under its control, marks it invalid and names it after the hint', () => {
    render(
      <form>
        <Field label="Name" hint="As on your invoices." error="Name is required" />
        <TextAreaField label="Answer" hint="0/5000" error="Answer is required" />
        <SelectField
          label="Tier"
          options={[{ value: '', label: 'Select a tier' }]}
          error="Tier is required"
        />
        <Field label="Notes" hint="Optional." />
      </form>,
    );
    expectFieldProblem('Name', 'Name is required');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      'As on your invoices. Name is required',
    );
    expectFieldProblem('Answer', 'Answer is required');
    expect(screen.getByLabelText('Answer')).toHaveAccessibleDescription('0/5000 Answer is required');
    expectFieldProblem('Tier', 'Tier is required');
    expectNoFieldProblem('Notes');
    expect(screen.getByLabelText('Notes')).toHaveAccessibleDescription('Optional.');
  });
});
