import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyJobCard } from '../../../../src/domain/shop/job-card';
import { SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import { PortError } from '../../../../src/ports/errors';
import { TRACKING_PANEL_TEXTS } from '../../../../src/ui/features/shop/repair/tracking-link-panel';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openRepairWithLink(
  before?: (app: RenderedApp, id: string) => Promise<void>,
): Promise<{ app: RenderedApp; id: string; token: string }> {
  const app = await renderApp({ path: '/terms', signedInAs: OWNER });
  const created = await app.services.useCases.shop.createRepair('store-sharma-1', {
    ...emptyJobCard(),
    customerName: 'Ravi Kumar',
    customerMobile: '9876543210',
    deviceType: 'Mobile',
    brandModel: 'Redmi Note 12',
    problems: ['Screen broken'],
  });
  if (!created.ok) throw new Error('create failed');
  const { id, repairId, trackingToken } = created.value.repair;
  await before?.(app, id);
  await app.router.navigate({ to: '/shop/repairs/$id', params: { id } });
  await screen.findByRole('heading', { level: 1, name: repairId });
  return { app, id, token: trackingToken };
}

const panel = () =>
  within(screen.getByRole('heading', { name: 'Tracking link' }).closest('div.rounded-2xl') as HTMLElement);
const linkOf = (token: string) => `${window.location.origin}/t/${token}`;

describe('the tracking link panel', () => {
  it('shows the link and its QR code', async () => {
    const { token } = await openRepairWithLink();
    expect(panel().getByText(linkOf(token))).toBeTruthy();
    expect(panel().getByRole('img', { name: `QR code of the tracking link ${linkOf(token)}` })).toBeTruthy();
    expect(panel().getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it("revokes the link after confirming: the page says it is off, and the customer's link says so", async () => {
    const { app, id, token } = await openRepairWithLink();
    await app.user.click(panel().getByRole('button', { name: 'Revoke link' }));
    const dialog = screen.getByRole('dialog', { name: /^Turn off the tracking link/ });
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await panel().findByText(TRACKING_PANEL_TEXTS.off)).toBeTruthy();
    expect(panel().getByText(TRACKING_PANEL_TEXTS.revoked)).toBeTruthy();
    expect(panel().queryByRole('img')).toBeNull();
    expect(screen.queryByText(linkOf(token))).toBeNull();
    expect(await app.services.useCases.shop.resolveTracking(token)).toMatchObject({
      ok: false,
      reason: 'revoked',
      message: SHOP_MESSAGES.trackingRevoked,
    });
    expect((await app.services.useCases.shop.repairDossier(id)).ok && true).toBe(true);
  });

  it('cancelling the confirmation keeps the link', async () => {
    const { app, token } = await openRepairWithLink();
    await app.user.click(panel().getByRole('button', { name: 'Revoke link' }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(panel().getByText(linkOf(token))).toBeTruthy();
    expect((await app.services.useCases.shop.resolveTracking(token)).ok).toBe(true);
  });

  it("'New link' replaces the link: the new one opens the repair, the old one is off", async () => {
    const { app, id, token } = await openRepairWithLink();
    await app.user.click(panel().getByRole('button', { name: 'New link' }));
    expect(await panel().findByText(TRACKING_PANEL_TEXTS.rotated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(linkOf(token))).toBeNull());
    const page = await app.services.useCases.shop.repairDossier(id);
    if (!page.ok || page.value.tracking === null) throw new Error('no link after the rotation');
    const fresh = page.value.tracking.token;
    expect(fresh).not.toBe(token);
    expect(panel().getByText(linkOf(fresh))).toBeTruthy();
    expect(panel().getByRole('img', { name: `QR code of the tracking link ${linkOf(fresh)}` })).toBeTruthy();
    expect((await app.services.useCases.shop.resolveTracking(fresh)).ok).toBe(true);
    expect(await app.services.useCases.shop.resolveTracking(token)).toMatchObject({
      ok: false,
      reason: 'revoked',
    });
    // The customer's message offers the new link too.
    const whatsApp = await screen.findByRole('link', { name: 'Send on WhatsApp' });
    await waitFor(() =>
      expect(decodeURIComponent(whatsApp.getAttribute('href') ?? '')).toContain(`/t/${fresh}`),
    );
  });

  it("turns a revoked link on again with 'New link'", async () => {
    const { app } = await openRepairWithLink(async (app, id) => {
      expect((await app.services.useCases.shop.revokeTracking(id)).ok).toBe(true);
    });
    expect(await panel().findByText(TRACKING_PANEL_TEXTS.off)).toBeTruthy();
    await app.user.click(panel().getByRole('button', { name: 'New link' }));
    expect(await panel().findByRole('img', { name: /^QR code of the tracking link / })).toBeTruthy();
  });

  it('a failed revoke keeps the link and says why in the dialog', async () => {
    const { app, token } = await openRepairWithLink();
    vi.spyOn(app.backend.ports.tracking, 'revoke').mockRejectedValue(
      new PortError('unavailable', 'The backend did not answer'),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await app.user.click(panel().getByRole('button', { name: 'Revoke link' }));
    const dialog = screen.getByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByText(SHOP_MESSAGES.trackingChangeFailed)).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(panel().getByText(linkOf(token))).toBeTruthy();
    expect(panel().queryByText(TRACKING_PANEL_TEXTS.off)).toBeNull();
    expect((await app.services.useCases.shop.resolveTracking(token)).ok).toBe(true);
  });

  it('a failed rotation keeps the link and says why', async () => {
    const { app, token } = await openRepairWithLink();
    vi.spyOn(app.backend.ports.tracking, 'rotate').mockRejectedValue(
      new PortError('permission-denied', 'not a member'),
    );
    await app.user.click(panel().getByRole('button', { name: 'New link' }));
    expect(await panel().findByText(SHOP_MESSAGES.notStoreMember)).toBeTruthy();
    expect(panel().getByText(linkOf(token))).toBeTruthy();
    expect((await app.services.useCases.shop.resolveTracking(token)).ok).toBe(true);
  });

  it('says so when the link cannot be copied', async () => {
    const { app, token } = await openRepairWithLink();
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await app.user.click(panel().getByRole('button', { name: 'Copy link' }));
    expect(await panel().findByText(TRACKING_PANEL_TEXTS.copyFailed)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(linkOf(token));
  });
});
