import type { FormEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { ApiError } from './api';
import {
  firstErrorMessage,
  schemaResolver,
  showServerFieldProblems,
  submitUnlessPending,
  verdictResolver,
} from './form';

const NO_FIELDS = { fields: {}, shouldUseNativeValidation: false };

describe('schemaResolver', () => {
  it('gives the schema’s output for valid text, and each field’s first message otherwise', async () => {
    const schema = z.object({
      name: z.string().trim().min(1, 'Name is required').max(3, 'Too long'),
      cases: z.coerce.number().int('Whole cases only'),
    });
    const resolver = schemaResolver<{ name: string; cases: string }, z.output<typeof schema>>(schema);

    expect(await resolver({ name: ' Ann ', cases: '4' }, undefined, NO_FIELDS)).toEqual({
      values: { name: 'Ann', cases: 4 },
      errors: {},
    });
    const failed = await resolver({ name: '  ', cases: '4.5' }, undefined, NO_FIELDS);
    expect(failed.values).toEqual({});
    expect(failed.errors).toMatchObject({
      name: { message: 'Name is required' },
      cases: { message: 'Whole cases only' },
    });
  });

  it('takes zod/mini schemas too', async () => {
    const schema = zm.object({ email: zm.email('Please enter a valid email address') });
    const resolver = schemaResolver<{ email: string }, { email: string }>(schema);

    expect(await resolver({ email: 'jane@shop.test' }, undefined, NO_FIELDS)).toEqual({
      values: { email: 'jane@shop.test' },
      errors: {},
    });
    expect((await resolver({ email: 'jane' }, undefined, NO_FIELDS)).errors).toMatchObject({
      email: { message: 'Please enter a valid email address' },
    });
  });
});

describe('firstErrorMessage', () => {
  it('is the first message in the order the resolver reported them, nested ones included', () => {
    const errors = {
      tierId: { type: 'custom', message: 'Please fill out all required fields' },
      price: { type: 'custom', message: 'Price must be at least 0' },
    } as FieldErrors;
    expect(firstErrorMessage(errors)).toBe('Please fill out all required fields');
    expect(firstErrorMessage({ root: { server: { type: 'server', message: 'Taken' } } })).toBe('Taken');
    expect(firstErrorMessage({})).toBeNull();
  });
});

describe('verdictResolver', () => {
  const resolver = verdictResolver((values: { password: string; confirm: string }) => {
    if (values.password.length < 8) {
      return { ok: false, problems: { password: 'Password must be at least 8 characters long' } };
    }
    if (values.password !== values.confirm)
      return { ok: false, problems: { confirm: "Passwords don't match" } };
    return { ok: true, values: { password: values.password.trim(), confirm: values.confirm.trim() } };
  });

  it('puts each problem on its own field, and passes the judged values on', async () => {
    expect(await resolver({ password: 'short', confirm: '' }, undefined, NO_FIELDS)).toEqual({
      values: {},
      errors: { password: { type: 'validate', message: 'Password must be at least 8 characters long' } },
    });
    expect(await resolver({ password: 'Abcdefg1', confirm: 'x' }, undefined, NO_FIELDS)).toEqual({
      values: {},
      errors: { confirm: { type: 'validate', message: "Passwords don't match" } },
    });
    expect(await resolver({ password: ' Abcdefg1 ', confirm: ' Abcdefg1 ' }, undefined, NO_FIELDS)).toEqual({
      values: { password: 'Abcdefg1', confirm: 'Abcdefg1' },
      errors: {},
    });
  });
});

describe('showServerFieldProblems', () => {
  const refusal = (details: unknown) =>
    new ApiError(
      400,
      'Missing Required Fields: Please provide: Phone, City',
      'VALIDATION_FAILED',
      'r',
      details,
    );

  it("puts a refusal's field problems on the form's own fields, in the form's order, focusing the first", () => {
    const setError = vi.fn();
    const landed = showServerFieldProblems(
      refusal([
        { field: 'city', message: 'City is required' },
        { field: 'phone', message: 'Phone is required' },
        { field: 'unknown', message: 'Not a field of this form' },
        'noise',
      ]),
      setError,
      ['phone', 'city'],
    );
    expect(landed).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['phone', { type: 'server', message: 'Phone is required' }, { shouldFocus: true }],
      ['city', { type: 'server', message: 'City is required' }, { shouldFocus: false }],
    ]);
  });

  it('lands nothing for a refusal without field details, or another error', () => {
    const setError = vi.fn();
    expect(showServerFieldProblems(refusal(undefined), setError, ['phone'])).toBe(false);
    expect(showServerFieldProblems(new Error('offline'), setError, ['phone'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('submitUnlessPending', () => {
  it('submits, or only stops the browser while the last submit is pending', () => {
    const submit = vi.fn(() => Promise.resolve());
    const event = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent<HTMLFormElement>;

    const idle = event();
    submitUnlessPending(false, submit)(idle);
    expect(submit).toHaveBeenCalledWith(idle);

    const preventDefault = vi.fn();
    submitUnlessPending(true, submit)({ preventDefault } as unknown as FormEvent<HTMLFormElement>);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(preventDefault).toHaveBeenCalled();
  });
});
