import { fireEvent, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { holdDataCalls } from '../../hold-data-calls';
import { renderApp, screen } from '../../render-app';

async function expectNoSeriousAxeViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function fillForm(
  app: Awaited<ReturnType<typeof renderApp>>,
  email: string,
  phone: string,
  issue: string,
) {
  await app.user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await app.user.type(field('Phone'), phone);
  await app.user.type(field('Issue / Feedback'), issue);
}

/** The issues stored besides the two of the demo data. */
const storedIssues = (app: Awaited<ReturnType<typeof renderApp>>) =>
  [...app.backend.db.support.entries()]
    .filter(([id]) => !id.startsWith('support-demo-'))
    .map(([, raw]) => raw);

describe('/support', () => {
  it('shows the intro with the support e-mail, and the header with Support and Sign In', async () => {
    await renderApp({ path: '/support' });
    expect(await screen.findByRole('heading', { level: 1, name: 'How can we help?' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'support@repairmate.app' }).getAttribute('href')).toBe(
      'mailto:support@repairmate.app',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'support@repairmate.app' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
    expect(within(nav).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
    expect(document.title).toBe('Support · RepairMate');
  });

  it('has labelled, required fields: Email, Phone and Issue / Feedback', async () => {
    await renderApp({ path: '/support' });
    const email = (await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.getAttribute('aria-required')).toBe('true');
    expect(field('Phone').type).toBe('tel');
    expect(field('Phone').getAttribute('aria-required')).toBe('true');
    expect(field('Issue / Feedback').tagName).toBe('TEXTAREA');
    expect(field('Issue / Feedback').getAttribute('aria-required')).toBe('true');
    await expectNoSeriousAxeViolations();
  });

  it('submits an issue, thanks the visitor, and stores it as active', async () => {
    const app = await renderApp({ path: '/support' });
    await fillForm(app, 'visitor@example.com', '98765 43210', 'The app logs me out <b>every</b> hour');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));

    const thanks = await screen.findByRole('heading', { name: 'Thank you!' });
    expect(screen.getByText('Our team will contact you soon.')).toBeTruthy();
    expect(document.activeElement).toBe(thanks);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();

    expect(storedIssues(app)).toEqual([
      expect.objectContaining({
        email: 'visitor@example.com',
        phone: '98765 43210',
        issue: 'The app logs me out <b>every</b> hour',
        status: 'active',
      }),
    ]);
    await expectNoSeriousAxeViolations();
  });

  it('offers to send another message, keeping the contact details', async () => {
    const app = await renderApp({ path: '/support' });
    await fillForm(app, 'visitor@example.com', '9876543210', 'First message');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    await app.user.click(await screen.findByRole('button', { name: 'Send another message' }));

    expect(((await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement).value).toBe(
      'visitor@example.com',
    );
    expect(field('Phone').value).toBe('9876543210');
    expect(field('Issue / Feedback').value).toBe('');
    expect(document.activeElement).toBe(field('Issue / Feedback'));

    await app.user.type(field('Issue / Feedback'), 'Second message');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Thank you!' });
    expect(storedIssues(app).map((issue) => issue.issue)).toEqual(['First message', 'Second message']);
  });

  it('shows a busy Submit button that cannot be pressed twice', async () => {
    const app = await renderApp({ path: '/support' });
    await fillForm(app, 'visitor@example.com', '9876543210', 'Slow network');
    const held = holdDataCalls(app.backend);
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));

    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await app.user.click(busy);
    held.release();
    await screen.findByRole('heading', { name: 'Thank you!' });
    expect(storedIssues(app)).toHaveLength(1);
  });

  it('shows the failure and keeps everything typed when the server cannot be reached', async () => {
    const app = await renderApp({ path: '/support' });
    app.backend.db.outage = true;
    await fillForm(app, 'visitor@example.com', '9876543210', 'Please call me back');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to submit. Please try again.');
    expect(field('Email').value).toBe('visitor@example.com');
    expect(field('Phone').value).toBe('9876543210');
    expect(field('Issue / Feedback').value).toBe('Please call me back');
    expect(screen.queryByRole('heading', { name: 'Thank you!' })).toBeNull();

    // Once the server is back, the same form goes through.
    app.backend.db.outage = false;
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(storedIssues(app)).toHaveLength(1);
  });

  it('shows what is missing under each field and sends nothing', async () => {
    const app = await renderApp({ path: '/support' });
    await app.user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(screen.getByText('Please enter your phone number.')).toBeTruthy();
    expect(screen.getByText('Please describe your issue or feedback.')).toBeTruthy();
    for (const name of ['Email', 'Phone', 'Issue / Feedback']) {
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
    }
    expect(field('Email').getAttribute('aria-describedby')).toBe(
      screen.getByText('Please enter your email address.').id,
    );
    expect(document.activeElement).toBe(field('Email'));
    expect(storedIssues(app)).toEqual([]);
  });

  it('rejects a malformed e-mail and phone number', async () => {
    const app = await renderApp({ path: '/support' });
    await fillForm(app, 'not-an-email', '12ab', 'Hello');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number.')).toBeTruthy();
    expect(field('Issue / Feedback').getAttribute('aria-invalid')).toBeNull();
    expect(storedIssues(app)).toEqual([]);

    // Fixing the fields clears the messages as the visitor types.
    await app.user.clear(field('Email'));
    await app.user.type(field('Email'), 'visitor@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address.')).toBeNull());
  });

  it('counts the characters of the issue and refuses more than the maximum', async () => {
    const app = await renderApp({ path: '/support' });
    const issue = (await screen.findByRole('textbox', { name: 'Issue / Feedback' })) as HTMLTextAreaElement;
    expect(screen.getByText('0 / 2,000 characters')).toBeTruthy();
    await app.user.type(issue, 'Screen');
    expect(screen.getByText('6 / 2,000 characters')).toBeTruthy();
    expect(issue.getAttribute('aria-describedby')).toContain(screen.getByText('6 / 2,000 characters').id);

    await app.user.type(field('Email'), 'visitor@example.com');
    await app.user.type(field('Phone'), '9876543210');
    fireEvent.input(issue, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000 characters')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please keep it under 2000 characters.')).toBeTruthy();
    expect(storedIssues(app)).toEqual([]);
  });
});
