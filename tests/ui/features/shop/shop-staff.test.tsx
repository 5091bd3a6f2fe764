import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed } from '../../../../src/domain/shared/validation';
import { STAFF_TEXTS } from '../../../../src/domain/shop/staff-use-cases';
import { STAFF_LABELS } from '../../../../src/ui/features/shop/shop-texts';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';
const STORE = 'store-sharma-1';
const STORE_NAME = 'Sharma Mobile Care - Bandra';

async function openStaff(signedInAs = OWNER): Promise<RenderedApp> {
  const app = await renderApp({ path: `/shop/staff?store=${STORE}`, signedInAs });
  return app;
}

const staffList = () => screen.getByRole('list', { name: 'Staff and invitations' });
const rowOf = (name: string) => within(staffList()).getByText(name).closest('li') as HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the owner's staff section (settings' 'Staff'; /shop/staff leads there)", () => {
  it('lists the staff, invites an address, and shows it as Invited', async () => {
    const app = await openStaff();
    expect(await screen.findByRole('heading', { level: 1, name: STORE_NAME })).toBeTruthy();
    expect(
      await within(await screen.findByRole('list', { name: 'Staff and invitations' })).findByText(
        'Sam Staff',
      ),
    ).toBeTruthy();
    expect(within(rowOf('Sam Staff')).getByText('staff@demo.test')).toBeTruthy();
    await app.user.type(screen.getByLabelText(STAFF_LABELS.staffEmail), '  Customer@Demo.test ');
    await app.user.click(screen.getByRole('button', { name: STAFF_LABELS.addStaff }));
    expect(await screen.findByText(STAFF_TEXTS.invitationSent('customer@demo.test'))).toBeTruthy();
    const invited = await waitFor(() => rowOf('customer@demo.test'));
    expect(within(invited).getByText(STAFF_LABELS.invited)).toBeTruthy();
    expect((screen.getByLabelText(STAFF_LABELS.staffEmail) as HTMLInputElement).value).toBe('');
    expect((await app.backend.ports.shopMembers.listInvitations(STORE)).map((i) => i.email)).toEqual([
      'customer@demo.test',
    ]);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('puts what is wrong with the address under the field, and invites nobody', async () => {
    const app = await openStaff();
    const field = await screen.findByLabelText(STAFF_LABELS.staffEmail);
    await app.user.click(screen.getByRole('button', { name: STAFF_LABELS.addStaff }));
    expect(await screen.findByText(STAFF_TEXTS.emailRequired)).toBeTruthy();
    await app.user.type(field, 'not-an-address');
    await app.user.click(screen.getByRole('button', { name: STAFF_LABELS.addStaff }));
    expect(await screen.findByText(STAFF_TEXTS.emailInvalid)).toBeTruthy();
    await app.user.clear(field);
    await app.user.type(field, 'staff@demo.test');
    await app.user.click(screen.getByRole('button', { name: STAFF_LABELS.addStaff }));
    expect(await screen.findByText(STAFF_TEXTS.alreadyStaff)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await app.backend.ports.shopMembers.listInvitations(STORE)).toEqual([]);
  });

  it('cancels an invitation and removes a staff member after confirming', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await app.backend.ports.shopMembers.inviteStaff(STORE, 'customer@demo.test');
    await app.router.navigate({ to: '/shop/staff', search: { store: STORE } });
    await screen.findByRole('list', { name: 'Staff and invitations' });
    await app.user.click(
      within(await waitFor(() => rowOf('customer@demo.test'))).getByRole('button', { name: /Remove/ }),
    );
    const cancel = screen.getByRole('dialog', { name: 'Cancel the invitation to customer@demo.test?' });
    await app.user.click(within(cancel).getByRole('button', { name: STAFF_LABELS.remove }));
    expect(await screen.findByText(STAFF_TEXTS.invitationCancelled('customer@demo.test'))).toBeTruthy();
    await waitFor(() => expect(within(staffList()).queryByText('customer@demo.test')).toBeNull());
    await app.user.click(within(rowOf('Sam Staff')).getByRole('button', { name: /Remove/ }));
    const remove = screen.getByRole('dialog', { name: 'Remove Sam Staff?' });
    await app.user.click(within(remove).getByRole('button', { name: STAFF_LABELS.remove }));
    expect(await screen.findByText(STAFF_TEXTS.staffRemoved('Sam Staff'))).toBeTruthy();
    expect(await screen.findByText(STAFF_LABELS.noStaff)).toBeTruthy();
    expect(await app.backend.ports.shopMembers.listStaff(STORE)).toEqual([]);
  });

  it("says staff that cannot be read as the page's error, with Retry that reads them again", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    vi.spyOn(app.services.useCases.shop, 'staffScreen').mockResolvedValueOnce(
      failed(STAFF_TEXTS.loadFailed, 'failed'),
    );
    await app.router.navigate({ to: '/shop/staff', search: { store: STORE } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STAFF_TEXTS.loadFailed));
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await within(await screen.findByRole('list', { name: 'Staff and invitations' })).findByText(
        'Sam Staff',
      ),
    ).toBeTruthy();
  });

  it('keeps the address typed when the invitation cannot be sent', async () => {
    const app = await openStaff();
    const field = await screen.findByLabelText(STAFF_LABELS.staffEmail);
    vi.spyOn(app.services.useCases.shop, 'inviteStaff').mockResolvedValueOnce(
      failed(STAFF_TEXTS.changeFailed, 'failed'),
    );
    await app.user.type(field, 'ravi@demo.test');
    await app.user.click(screen.getByRole('button', { name: STAFF_LABELS.addStaff }));
    expect(await screen.findByText(STAFF_TEXTS.changeFailed)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('ravi@demo.test');
  });

  it('is reached from the board (Settings) by owners only; staff read that only the owner manages staff', async () => {
    const app = await renderApp({ path: `/shop?store=${STORE}`, signedInAs: OWNER });
    await app.user.click(await screen.findByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(pathOf(app)).toBe('/shop/settings'));
    expect(await screen.findByRole('heading', { level: 2, name: STAFF_LABELS.section })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Staff and invitations' })).toBeTruthy();
    await app.backend.ports.auth.signOut();
    await app.backend.ports.auth.signIn('staff@demo.test', 'Demo@1234');
    await app.router.navigate({ to: '/shop', search: { store: STORE } });
    expect(await screen.findByRole('heading', { level: 1, name: STORE_NAME })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
    await app.router.navigate({ to: '/shop/staff', search: { store: STORE } });
    expect(await screen.findByText(STAFF_TEXTS.ownersOnly)).toBeTruthy();
    expect(screen.queryByLabelText(STAFF_LABELS.staffEmail)).toBeNull();
  });
});

describe('the invitation card on /dashboard', () => {
  async function invitedCustomer(): Promise<RenderedApp> {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await app.backend.ports.shopMembers.inviteStaff(STORE, 'customer@demo.test');
    await app.backend.ports.auth.signOut();
    await app.backend.ports.auth.signIn('customer@demo.test', 'Demo@1234');
    await app.router.navigate({ to: '/dashboard' });
    return app;
  }

  it('accepts: the account becomes staff and opens the store’s board', async () => {
    const app = await invitedCustomer();
    const card = (
      await screen.findByRole('heading', { name: STAFF_LABELS.invitationFrom(STORE_NAME) })
    ).closest('div') as HTMLElement;
    expect(await seriousA11yViolations()).toEqual([]);
    await app.user.click(within(card).getByRole('button', { name: STAFF_LABELS.accept }));
    await waitFor(() => expect(pathOf(app)).toBe('/shop'));
    expect(await screen.findByRole('heading', { level: 1, name: STORE_NAME })).toBeTruthy();
    expect((await app.backend.ports.shopMembers.roleIn(STORE))?.role).toBe('staff');
    expect(screen.queryByRole('heading', { name: STAFF_LABELS.invitationFrom(STORE_NAME) })).toBeNull();
  });

  it("sits above the tracker in the tracker's own column, not across the page beside 'Your shop'", async () => {
    await invitedCustomer();
    const invitations = await screen.findByRole('region', { name: 'Invitations' });
    const tracker = await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Customer' });
    const shopCard = screen.getByRole('complementary', { name: 'Your shop' });
    // The invitations and the tracker share a column that leaves out the shop card beside it.
    const column = invitations.parentElement as HTMLElement;
    expect(column.contains(tracker)).toBe(true);
    expect(column.contains(shopCard)).toBe(false);
    expect(invitations.compareDocumentPosition(tracker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('declines: the card goes, with a message, and the account is not staff', async () => {
    const app = await invitedCustomer();
    const heading = await screen.findByRole('heading', { name: STAFF_LABELS.invitationFrom(STORE_NAME) });
    await app.user.click(
      within(heading.closest('div') as HTMLElement).getByRole('button', { name: STAFF_LABELS.decline }),
    );
    expect(await screen.findByText(STAFF_TEXTS.declined(STORE_NAME))).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: STAFF_LABELS.invitationFrom(STORE_NAME) })).toBeNull(),
    );
    expect(pathOf(app)).toBe('/dashboard');
    expect(await app.backend.ports.shopMembers.roleIn(STORE)).toBeNull();
  });

  it('shows no card, and the rest of the dashboard, when the invitations cannot be read', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await app.backend.ports.shopMembers.inviteStaff(STORE, 'customer@demo.test');
    await app.backend.ports.auth.signOut();
    await app.backend.ports.auth.signIn('customer@demo.test', 'Demo@1234');
    const read = vi
      .spyOn(app.services.useCases.shop, 'myInvitations')
      .mockResolvedValue(failed(STAFF_TEXTS.loadFailed, 'failed'));
    await app.router.navigate({ to: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Customer' })).toBeTruthy();
    await waitFor(() => expect(read).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
    expect(screen.queryByText(STAFF_TEXTS.loadFailed)).toBeNull();
  });

  it('shows no card to an account that was not invited', async () => {
    await renderApp({ path: '/dashboard', signedInAs: 'customer@demo.test' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: STAFF_LABELS.accept })).toBeNull();
  });
});
