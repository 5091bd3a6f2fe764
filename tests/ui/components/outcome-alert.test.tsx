import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { done, failed } from '../../../src/domain/shared/validation';
import { ACCOUNT_MESSAGES, PASSWORD_REQUIREMENTS } from '../../../src/domain/users/messages';
import { OutcomeAlert } from '../../../src/ui/components/outcome-alert';

describe('<OutcomeAlert>', () => {
  it('shows nothing for no outcome, a success without a message, or field errors alone', () => {
    const { container } = render(
      <>
        <OutcomeAlert outcome={null} />
        <OutcomeAlert outcome={undefined} />
        <OutcomeAlert outcome={done(42)} />
        <OutcomeAlert outcome={{ ok: false, fieldErrors: { email: 'Please enter your email address.' } }} />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it("announces a failure's message at once, word for word", () => {
    render(<OutcomeAlert outcome={failed(ACCOUNT_MESSAGES.emailInUse)} />);
    expect(screen.getByRole('alert').textContent).toBe('This email is already registered.');
  });

  it("announces a success's message politely", () => {
    render(<OutcomeAlert outcome={done(1, 'Successfully recharged ₹250 to Dev Distributor')} />);
    expect(screen.getByRole('status').textContent).toBe('Successfully recharged ₹250 to Dev Distributor');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the details under the message as a title', () => {
    const outcome = {
      ok: false as const,
      reason: 'weak-password' as const,
      message: ACCOUNT_MESSAGES.chooseStrongerPassword,
      details: [PASSWORD_REQUIREMENTS.upperCase, PASSWORD_REQUIREMENTS.nonAlphanumeric],
    };
    render(<OutcomeAlert outcome={outcome} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Please choose a stronger password.')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Password must contain an upper case character',
      'Password must contain a non-alphanumeric character',
    ]);
  });

  it('takes a tone for outcomes a screen tells apart, and more to say under the message', () => {
    render(
      <OutcomeAlert outcome={failed('No repair found with this Repair ID.', 'not-found')} tone="warning">
        <a href="/support">Contact support</a>
      </OutcomeAlert>,
    );
    const box = screen.getByRole('status');
    expect(box.className).toContain('bg-amber-50');
    expect(within(box).getByText('No repair found with this Repair ID.').tagName).toBe('P');
    expect(within(box).getByRole('link', { name: 'Contact support' })).toBeTruthy();
  });

  it('can take the focus through its ref (a success after a form closes)', () => {
    const ref = createRef<HTMLDivElement>();
    render(<OutcomeAlert ref={ref} outcome={done(1, 'Done.')} />);
    ref.current?.focus();
    expect(document.activeElement).toBe(ref.current);
    expect(ref.current?.contains(screen.getByText('Done.'))).toBe(true);
  });
});
