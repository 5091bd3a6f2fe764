import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PendingChange } from '../../../src/domain/shop/pending-changes';
import { OUTBOX_TEXTS } from '../../../src/ui/layout/outbox';
import { type RenderedApp, renderApp, screen } from '../render-app';

const OWNER = 'owner01@demo.test';

/**
 * The outbox in the header and the warning before signing out (issue 20). On Firebase the repairs port
 * lists the writes queued offline (tests/firebase/shop-offline-outbox in the job card e2e); here the
 * memory backend's port is made to hold two.
 */
const WAITING: PendingChange[] = [
  {
    id: 'p1',
    repairDocId: 'repair-1001',
    repairId: 'RPR-1001',
    what: 'change',
    at: '2026-11-26T04:30:00.000Z',
  },
  {
    id: 'p2',
    repairDocId: 'repair-1002',
    repairId: 'RPR-1002',
    what: 'status change',
    at: '2026-11-26T04:35:00.000Z',
  },
];

async function withOutbox(changes: PendingChange[]): Promise<RenderedApp> {
  const app = await renderApp({ path: '/terms', signedInAs: OWNER });
  app.backend.ports.shopRepairs.pendingChanges = async () => changes;
  // An owner's dashboard sends them on to their board.
  await app.router.navigate({ to: '/shop' });
  return app;
}

describe('the outbox', () => {
  it('shows how many changes wait in the header, and lists them with links to their repairs', async () => {
    const app = await withOutbox(WAITING);
    const button = await screen.findByRole('button', { name: OUTBOX_TEXTS.button(2) });
    await app.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: OUTBOX_TEXTS.title });
    const items = within(within(dialog).getByRole('list', { name: OUTBOX_TEXTS.title })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Details changed: RPR-100126 Nov 2026, 10:00 am',
      'Status change: RPR-100226 Nov 2026, 10:05 am',
    ]);
    await app.user.click(within(dialog).getByRole('link', { name: 'RPR-1001' }));
    await screen.findByRole('heading', { level: 1, name: 'RPR-1001' });
  });

  it('shows nothing while nothing waits, and signs out at once', async () => {
    const app = await withOutbox([]);
    await screen.findByRole('button', { name: 'Logout' });
    expect(screen.queryByRole('button', { name: /not yet synced$/ })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/signin'));
  });

  it('warns before signing out with changes waiting: staying keeps the session, or signs out anyway', async () => {
    const app = await withOutbox(WAITING);
    await screen.findByRole('button', { name: OUTBOX_TEXTS.button(2) });
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: OUTBOX_TEXTS.signOutTitle });
    // The memory backend's wording (as PouchDB's): the device, not the account, sends them.
    expect(within(dialog).getByText(OUTBOX_TEXTS.signOutText(2, false))).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: OUTBOX_TEXTS.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/shop');

    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    const again = await screen.findByRole('dialog', { name: OUTBOX_TEXTS.signOutTitle });
    await app.user.click(within(again).getByRole('button', { name: OUTBOX_TEXTS.signOutAnyway }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/signin'));
  });
});
