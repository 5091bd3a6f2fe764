import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../../src/ui/components/dialog';

/* The shared dialog's focus: in on its first field (not the Close button), back to the opener on close. */

function Opener({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="A dialog">
        {children}
      </Dialog>
    </>
  );
}

describe('<Dialog>', () => {
  it('puts the focus on its first field, not on its Close button', async () => {
    const user = userEvent.setup();
    render(
      <Opener>
        <p>
          Some text first, and <a href="/help">the help page</a>.
        </p>
        <label>
          Disabled <input disabled />
        </label>
        <label>
          Name <input />
        </label>
        <label>
          Notes <textarea />
        </label>
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'A dialog' });
    expect(dialog).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('puts the focus on the first button of a dialog without fields, and gives it back on close', async () => {
    const user = userEvent.setup();
    render(
      <Opener>
        <button type="button">Cancel</button>
        <button type="button">Delete</button>
      </Opener>,
    );
    const open = screen.getByRole('button', { name: 'Open' });
    await user.click(open);
    await screen.findByRole('dialog', { name: 'A dialog' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('falls back to the Close button when its body has nothing to focus', async () => {
    const user = userEvent.setup();
    render(
      <Opener>
        <p>Nothing to do here.</p>
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'A dialog' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
  });
});
