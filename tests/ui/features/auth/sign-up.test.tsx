import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_STORE_SITES } from '../../../../src/domain/config/store-links';
import { ACCOUNT_MESSAGES, PASSWORD_REQUIREMENTS } from '../../../../src/domain/users/messages';
import { seriousA11yViolations } from '../../axe-check';
import { holdDataCalls } from '../../hold-data-calls';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

const FIELDS = {
  email: /^Email/,
  password: /^Password/,
  name: /^Full Name/,
  mobile: /^Mobile Number/,
  address: /^Address/,
  city: /^City/,
  state: /^State/,
  pincode: /^Pincode/,
} as const;

type FieldName = keyof typeof FIELDS;

const VALID: Record<FieldName, string> = {
  email: 'new.shop@demo.test',
  password: 'Strong#Pass1',
  name: 'Kiran Patel',
  mobile: '9812345678',
  address: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
};

const field = (name: FieldName) => screen.getByLabelText(FIELDS[name]) as HTMLInputElement;
const signUpButton = () => screen.getByRole('button', { name: /^Sign(ing)? Up/ }) as HTMLButtonElement;
const termsBox = () => screen.getByRole('checkbox', { name: /Terms and Conditions/ }) as HTMLInputElement;
const privacyBox = () => screen.getByRole('checkbox', { name: /Privacy Policy/ }) as HTMLInputElement;

/** The text an input's aria-describedby points at (its error, or its hint). */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby') ?? '';
  return ids
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

async function openSignUp(): Promise<RenderedApp> {
  const app = await renderApp({ path: '/signup' });
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  return app;
}

async function fillForm(
  app: RenderedApp,
  values: Partial<Record<FieldName, string>> = VALID,
  accountType: 'User' | 'Distributor' | null = 'User',
) {
  if (accountType) await app.user.click(screen.getByRole('radio', { name: accountType }));
  for (const [name, value] of Object.entries(values) as [FieldName, string][]) {
    if (value !== '') await app.user.type(field(name), value);
  }
}

async function acceptBoth(app: RenderedApp) {
  await app.user.click(termsBox());
  await app.user.click(privacyBox());
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/signup', () => {
  it('offers the account types, the app download box, labelled fields and the agreements', async () => {
    await openSignUp();
    const group = screen.getByRole('group', { name: /Account type/ });
    const user = within(group).getByRole('radio', { name: 'User' }) as HTMLInputElement;
    const distributor = within(group).getByRole('radio', { name: 'Distributor' }) as HTMLInputElement;
    expect(user.value).toBe('user');
    expect(distributor.value).toBe('distributor');
    expect(user.checked || distributor.checked).toBe(false);

    const play = screen.getByRole('link', { name: /Google Play/ });
    const appStore = screen.getByRole('link', { name: /App Store/ });
    expect(play.getAttribute('href')).toBe(GENERIC_STORE_SITES.android);
    expect(appStore.getAttribute('href')).toBe(GENERIC_STORE_SITES.ios);
    for (const link of [play, appStore]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }

    for (const name of Object.keys(FIELDS) as FieldName[]) expect(field(name)).toBeTruthy();
    expect(field('email').type).toBe('email');
    expect(field('password').type).toBe('password');
    expect(descriptionOf(field('password'))).toMatch(/At least 6 characters.*upper-case letter.*symbol/);

    expect(termsBox().required).toBe(true);
    expect(privacyBox().required).toBe(true);
    const terms = screen.getByRole('link', { name: 'Terms and Conditions (opens in a new tab)' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy');
    for (const link of [terms, privacy]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('keeps Sign Up disabled until both agreements are ticked', async () => {
    const app = await openSignUp();
    await fillForm(app);
    expect(signUpButton().disabled).toBe(true);
    expect(descriptionOf(signUpButton())).toBe('Tick both agreements above to enable Sign Up.');
    await app.user.click(termsBox());
    expect(signUpButton().disabled).toBe(true);
    await app.user.click(privacyBox());
    expect(signUpButton().disabled).toBe(false);
    await app.user.click(termsBox());
    expect(signUpButton().disabled).toBe(true);
    // The label text ticks the box too.
    await app.user.click(termsBox().labels![0]!);
    expect(termsBox().checked).toBe(true);
    expect(signUpButton().disabled).toBe(false);
  });

  it('does not submit with Enter while an agreement is unticked', async () => {
    const app = await openSignUp();
    await fillForm(app);
    await app.user.click(termsBox());
    await app.user.type(field('pincode'), '{Enter}');
    expect(screen.queryByText(ACCOUNT_MESSAGES.signUpSucceeded)).toBeNull();
    expect([...app.backend.db.users.values()].some((user) => user.email === VALID.email)).toBe(false);
    expect(field('email').value).toBe(VALID.email);
  });

  it('creates the account with the chosen type and clears the form', async () => {
    const app = await openSignUp();
    await fillForm(app, VALID, 'Distributor');
    await acceptBoth(app);
    await app.user.click(signUpButton());

    const success = await screen.findByText(ACCOUNT_MESSAGES.signUpSucceeded);
    expect(success.closest('[role="status"]')).toBeTruthy();
    // The message takes the focus (on a phone the button is far below it): it is in view and read out.
    await waitFor(() => expect(document.activeElement?.contains(success)).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
    for (const name of Object.keys(FIELDS) as FieldName[]) expect(field(name).value).toBe('');
    expect((screen.getByRole('radio', { name: 'Distributor' }) as HTMLInputElement).checked).toBe(false);
    expect(termsBox().checked).toBe(false);
    expect(privacyBox().checked).toBe(false);
    expect(signUpButton().disabled).toBe(true);

    const stored = [...app.backend.db.users.values()].find((user) => user.email === VALID.email);
    expect(stored).toMatchObject({
      role: 'distributor',
      name: VALID.name,
      mobile: VALID.mobile,
      address: VALID.address,
      city: VALID.city,
      state: VALID.state,
      pincode: VALID.pincode,
      acceptedTerms: true,
      acceptedPrivacy: true,
      businessName: '',
    });
    // The person signs in anew: sign-up leaves nobody signed in.
    expect(app.backend.ports.auth.currentUser()).toBeNull();
  });

  it('goes to /signin 1500 ms after the account is created, where the new account signs in', async () => {
    const app = await openSignUp();
    await fillForm(app);
    await acceptBoth(app);
    // Fake time also moves with real time (Testing Library waits on timers), so the check before the
    // redirect leaves a margin for the real milliseconds the assertions take on a loaded machine.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(signUpButton());
    await screen.findByText(ACCOUNT_MESSAGES.signUpSucceeded);
    expect(pathOf(app)).toBe('/signup');
    act(() => vi.advanceTimersByTime(1000));
    expect(pathOf(app)).toBe('/signup');
    act(() => vi.advanceTimersByTime(500));
    await waitFor(() => expect(pathOf(app)).toBe('/signin'));
    vi.useRealTimers();

    // The address just used is filled in (carried in the history entry, not in the URL).
    const email = (await screen.findByLabelText(/^Email/)) as HTMLInputElement;
    expect(email.value).toBe(VALID.email);
    expect(app.router.state.location.href).toBe('/signin');
    await app.user.type(screen.getByLabelText(/^Password/), VALID.password);
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(pathOf(app)).toBe('/dashboard'));
  });

  it('shows Signing Up... and a disabled button while the account is created', async () => {
    const app = await openSignUp();
    await fillForm(app);
    await acceptBoth(app);
    const held = holdDataCalls(app.backend);
    await app.user.click(signUpButton());
    const busy = await screen.findByRole('button', { name: 'Signing Up...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    held.release();
    expect(await screen.findByText(ACCOUNT_MESSAGES.signUpSucceeded)).toBeTruthy();
    expect(signUpButton().textContent).toBe('Sign Up');
  });

  it('does not leave the sign-up page when it is left before the redirect', async () => {
    const app = await openSignUp();
    await fillForm(app);
    await acceptBoth(app);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(signUpButton());
    await screen.findByText(ACCOUNT_MESSAGES.signUpSucceeded);
    await act(() => app.router.navigate({ to: '/support' }));
    await waitFor(() => expect(pathOf(app)).toBe('/support'));
    act(() => vi.advanceTimersByTime(5000));
    expect(pathOf(app)).toBe('/support');
  });

  it('says an e-mail address is already registered and keeps what was typed', async () => {
    const app = await openSignUp();
    await fillForm(app, { ...VALID, email: 'customer@demo.test' });
    await acceptBoth(app);
    await app.user.click(signUpButton());
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.emailInUse);
    expect(field('email').value).toBe('customer@demo.test');
    expect(field('name').value).toBe(VALID.name);
    expect(field('password').value).toBe(VALID.password);
    expect((screen.getByRole('radio', { name: 'User' }) as HTMLInputElement).checked).toBe(true);
    expect(termsBox().checked).toBe(true);
    expect(pathOf(app)).toBe('/signup');
  });

  it('lists each unmet password requirement', async () => {
    const app = await openSignUp();
    await fillForm(app, { ...VALID, password: 'weakpass' });
    await acceptBoth(app);
    await app.user.click(signUpButton());
    const alert = await screen.findByRole('alert');
    const items = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([PASSWORD_REQUIREMENTS.upperCase, PASSWORD_REQUIREMENTS.nonAlphanumeric]);
    expect(field('password').value).toBe('weakpass');
  });

  it('lists only the requirement still unmet', async () => {
    const app = await openSignUp();
    await fillForm(app, { ...VALID, password: 'Weakpass' });
    await acceptBoth(app);
    await app.user.click(signUpButton());
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([PASSWORD_REQUIREMENTS.nonAlphanumeric]);
  });

  it('shows each missing field under the field and focuses the first', async () => {
    const app = await openSignUp();
    await acceptBoth(app);
    await app.user.click(signUpButton());
    const group = await screen.findByRole('group', { name: /Account type/ });
    await waitFor(() => expect(descriptionOf(group)).toBe(ACCOUNT_MESSAGES.accountTypeRequired));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'User' }));
    const expected: Record<FieldName, string> = {
      email: ACCOUNT_MESSAGES.emailRequired,
      password: ACCOUNT_MESSAGES.passwordRequired,
      name: ACCOUNT_MESSAGES.nameRequired,
      mobile: ACCOUNT_MESSAGES.mobileRequired,
      address: ACCOUNT_MESSAGES.addressRequired,
      city: ACCOUNT_MESSAGES.cityRequired,
      state: ACCOUNT_MESSAGES.stateRequired,
      pincode: ACCOUNT_MESSAGES.pincodeRequired,
    };
    for (const [name, message] of Object.entries(expected) as [FieldName, string][]) {
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(field(name))).toBe(message);
    }
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it("checks the fields in the browser with the domain's rules: nothing is sent until they are valid", async () => {
    const app = await openSignUp();
    const signUp = vi.spyOn(app.services.useCases.accounts, 'signUp');
    await fillForm(app, { ...VALID, pincode: '0123' });
    await acceptBoth(app);
    await app.user.click(signUpButton());
    await waitFor(() => expect(descriptionOf(field('pincode'))).toBe(ACCOUNT_MESSAGES.pincodeInvalid));
    expect(signUp).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field('pincode'));
    await app.user.clear(field('pincode'));
    await app.user.type(field('pincode'), VALID.pincode);
    await app.user.click(signUpButton());
    expect(await screen.findByText(ACCOUNT_MESSAGES.signUpSucceeded)).toBeTruthy();
    expect(signUp).toHaveBeenCalledTimes(1);
  });

  it('explains invalid values under their fields and keeps them', async () => {
    const app = await openSignUp();
    await fillForm(app, { ...VALID, email: 'not-an-email', password: 'Ab#1', mobile: '12', pincode: '0123' });
    await acceptBoth(app);
    await app.user.click(signUpButton());
    await waitFor(() => expect(descriptionOf(field('email'))).toBe(ACCOUNT_MESSAGES.invalidEmail));
    expect(descriptionOf(field('password'))).toBe(ACCOUNT_MESSAGES.signUpPasswordTooShort);
    expect(descriptionOf(field('mobile'))).toBe(ACCOUNT_MESSAGES.mobileInvalid);
    expect(descriptionOf(field('pincode'))).toBe(ACCOUNT_MESSAGES.pincodeInvalid);
    expect(field('name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('email'));
    expect(field('email').value).toBe('not-an-email');
    expect(field('pincode').value).toBe('0123');
  });

  it('reports a failure to save the account and keeps what was typed', async () => {
    const app = await openSignUp();
    await fillForm(app);
    await acceptBoth(app);
    app.backend.db.outage = true;
    await app.user.click(signUpButton());
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.signUpFailed);
    for (const [name, value] of Object.entries(VALID) as [FieldName, string][])
      expect(field(name).value).toBe(value);
    expect(termsBox().checked && privacyBox().checked).toBe(true);
    expect(pathOf(app)).toBe('/signup');
    // Nothing half-made: the account was removed again, so the same e-mail signs up once the server is back.
    app.backend.db.outage = false;
    await app.user.click(signUpButton());
    expect(await screen.findByText(ACCOUNT_MESSAGES.signUpSucceeded)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
