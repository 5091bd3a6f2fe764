import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { failed, type Outcome } from '../../../src/domain/shared/validation';
import { SUPPORT_MESSAGES } from '../../../src/domain/support/messages';
import { type NewSupportIssue, supportIssueSchema } from '../../../src/domain/support/support-issue';
import { TextField } from '../../../src/ui/components/fields';
import { OutcomeAlert } from '../../../src/ui/components/outcome-alert';
import { applyFieldErrors } from '../../../src/ui/forms/apply-field-errors';
import { domainResolver } from '../../../src/ui/forms/domain-resolver';

type Answer = Outcome<unknown, keyof NewSupportIssue>;

/** A small form as the pages build them: the domain resolver, a use case, its outcome shown. */
function ContactForm({
  submit,
  order,
}: {
  submit: (values: NewSupportIssue) => Promise<Answer>;
  order?: readonly (keyof NewSupportIssue)[];
}) {
  const [outcome, setOutcome] = useState<Answer | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<NewSupportIssue>({
    defaultValues: { email: '', phone: '', issue: '' },
    resolver: domainResolver<NewSupportIssue>(supportIssueSchema),
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await submit(values);
    applyFieldErrors(setError, result, order);
    setOutcome(result);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <OutcomeAlert outcome={outcome} />
      <TextField label="Email" error={formState.errors.email?.message} {...register('email')} />
      <TextField label="Phone" error={formState.errors.phone?.message} {...register('phone')} />
      <TextField label="Issue" error={formState.errors.issue?.message} {...register('issue')} />
      <button type="submit">Send</button>
    </form>
  );
}

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Email'), 'ravi@example.com');
  await user.type(screen.getByLabelText('Phone'), '9000011111');
  await user.type(screen.getByLabelText('Issue'), 'App crashes');
};

describe('domainResolver', () => {
  it("shows the domain's messages under the fields before anything is sent", async () => {
    const submit = vi.fn();
    const user = userEvent.setup();
    render(<ContactForm submit={submit} />);
    await user.type(screen.getByLabelText('Email'), 'ravi@');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText(SUPPORT_MESSAGES.phoneRequired)).toBeTruthy();
    expect(screen.getByText(SUPPORT_MESSAGES.issueRequired)).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('hands the values on as typed', async () => {
    const submit = vi.fn(async () => failed('Failed to submit. Please try again.'));
    const user = userEvent.setup();
    render(<ContactForm submit={submit} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(submit).toHaveBeenCalledWith({
      email: 'ravi@example.com',
      phone: '9000011111',
      issue: 'App crashes',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to submit. Please try again.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ravi@example.com');
  });
});

describe('applyFieldErrors', () => {
  it("puts the use case's field errors under their inputs and focuses the first on the page", async () => {
    const user = userEvent.setup();
    const answer: Answer = { ok: false, fieldErrors: { issue: 'Too long.', phone: 'Wrong number.' } };
    render(<ContactForm submit={async () => answer} order={['email', 'phone', 'issue']} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Wrong number.')).toBeTruthy();
    expect(screen.getByText('Too long.')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows the order the use case listed them in without an order, and says whether it set any', () => {
    const setError = vi.fn();
    expect(applyFieldErrors(setError, { ok: false, fieldErrors: { issue: 'a', email: 'b' } })).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['issue', { type: 'server', message: 'a' }, { shouldFocus: true }],
      ['email', { type: 'server', message: 'b' }, { shouldFocus: false }],
    ]);
    expect(applyFieldErrors(vi.fn(), failed('Access denied.'))).toBe(false);
    expect(applyFieldErrors(vi.fn(), { ok: true, value: 1 })).toBe(false);
  });
});
