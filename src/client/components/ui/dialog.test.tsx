// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

afterEach(cleanup);

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit</Button>
      {open ? (
        <Dialog open title="Edit Category" onClose={() => setOpen(false)}>
          <label>
            Title <input name="title" />
          </label>
          <Button onClick={() => setOpen(false)}>Save</Button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('starts at its first field and gives focus back to the opener when it goes', () => {
    render(<Example />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    opener.focus();
    fireEvent.click(opener);

    expect(document.activeElement).toBe(screen.getByLabelText('Title'));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
