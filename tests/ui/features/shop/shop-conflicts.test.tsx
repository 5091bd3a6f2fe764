import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import type { RefusedChange } from '../../../../src/domain/shop/refused-changes';
import { PortError } from '../../../../src/ports/errors';
import type { ShopRepairPatch } from '../../../../src/ports/shop-repairs';
import { CONFLICT_TEXTS } from '../../../../src/ui/features/shop/shop-texts';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';

/**
 * 'Changed on another device' (issue 20) on the repair page. On Firebase the repairs port keeps the
 * edits of this device that the server refused on arrival (tests/firebase/shop-conflicts.test.ts and
 * the e2e journey); here the memory backend's port is made to hold one, for RPR-1001 (estimate ₹2,800,
 * condition notes ''), whose estimate this device had set to ₹3,000 and whose notes to 'Dent on back'.
 */
async function withRefusedChange(): Promise<{
  app: RenderedApp;
  repairDocId: string;
  updates: ShopRepairPatch[];
  dismissed: string[];
}> {
  const app = await renderApp({ path: '/terms', signedInAs: OWNER });
  const port = app.backend.ports.shopRepairs;
  const found = await port.search('store-sharma-1', { field: 'repairId', text: 'RPR-1001', limit: 1 });
  const repairDocId = found[0]?.id ?? '';
  const change: RefusedChange = {
    id: 'change-1',
    repairDocId,
    patch: {
      estimatePaise: 300_000,
      conditionNotes: 'Dent on back',
      customerName: found[0]?.customerName ?? '',
    },
    base: { estimatePaise: 200_000, conditionNotes: '', customerName: found[0]?.customerName ?? '' },
    at: '2026-11-26T10:00:00.000Z',
  };
  const kept = [change];
  const updates: ShopRepairPatch[] = [];
  const dismissed: string[] = [];
  port.refusedChanges = async (id) => kept.filter((c) => c.repairDocId === id);
  port.dismissRefusedChange = async (id) => {
    dismissed.push(id);
    kept.splice(
      kept.findIndex((c) => c.id === id),
      1,
    );
  };
  const update = port.update.bind(port);
  port.update = async (id, patch) => {
    updates.push(patch);
    return update(id, patch);
  };
  await app.router.navigate({ to: '/shop/repairs/$id', params: { id: repairDocId } });
  await screen.findByRole('heading', { level: 1, name: 'RPR-1001' });
  return { app, repairDocId, updates, dismissed };
}

describe("'Changed on another device'", () => {
  it('shows each field this device changed with both values, and not a field whose value is the same', async () => {
    await withRefusedChange();
    const panel = await screen.findByRole('region', { name: CONFLICT_TEXTS.title });
    expect(within(panel).getByText(CONFLICT_TEXTS.intro)).toBeTruthy();
    const estimate = within(panel).getByRole('group', { name: 'Estimate (₹)' });
    expect(within(estimate).getByTestId('mine-estimatePaise').textContent).toBe('₹3,000');
    expect(within(estimate).getByTestId('saved-estimatePaise').textContent).toBe('₹2,800');
    const notes = within(panel).getByRole('group', { name: 'Condition Notes' });
    expect(within(notes).getByTestId('mine-conditionNotes').textContent).toBe('Dent on back');
    // The customer's name is the same on both: nothing to choose.
    expect(within(panel).queryByRole('group', { name: 'Customer Name' })).toBeNull();
    // Each field starts on this device's value (what was typed).
    expect(
      (
        within(estimate).getByRole('radio', {
          name: `Estimate (₹): ${CONFLICT_TEXTS.keepMine}`,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });

  it('saves the choice per field: this device’s estimate, the saved notes; then the panel goes', async () => {
    const { app, updates, dismissed } = await withRefusedChange();
    const panel = await screen.findByRole('region', { name: CONFLICT_TEXTS.title });
    await app.user.click(
      within(panel).getByRole('radio', { name: `Condition Notes: ${CONFLICT_TEXTS.keepSaved}` }),
    );
    await app.user.click(within(panel).getByRole('button', { name: CONFLICT_TEXTS.save }));
    await waitFor(() => expect(dismissed).toEqual(['change-1']));
    expect(updates).toEqual([{ estimatePaise: 300_000 }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: CONFLICT_TEXTS.title })).toBeNull());
    expect(await screen.findByText('₹3,000')).toBeTruthy();
  });

  it('keeps the refused change when saving the choice fails, and says why', async () => {
    const { app, dismissed } = await withRefusedChange();
    app.backend.ports.shopRepairs.update = async () => {
      throw new PortError('unavailable', 'The server cannot be reached.');
    };
    const panel = await screen.findByRole('region', { name: CONFLICT_TEXTS.title });
    await app.user.click(within(panel).getByRole('button', { name: CONFLICT_TEXTS.save }));
    expect((await within(panel).findByRole('alert')).textContent).toContain(SHOP_MESSAGES.saveFailed);
    expect(dismissed).toEqual([]);
    expect(screen.getByRole('region', { name: CONFLICT_TEXTS.title })).toBeTruthy();
  });

  it('says a status move this device made was not saved, with the status now; Got it forgets it', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const port = app.backend.ports.shopRepairs;
    const kept: RefusedChange[] = [
      {
        id: 'move-1',
        repairDocId: 'repair-1001',
        patch: {},
        base: {},
        move: { to: 'ready', from: 'received' },
        at: '2026-11-26T10:00:00.000Z',
      },
    ];
    port.refusedChanges = async (id) => kept.filter((c) => c.repairDocId === id);
    port.dismissRefusedChange = async (id) => {
      kept.splice(
        kept.findIndex((c) => c.id === id),
        1,
      );
    };
    await app.router.navigate({ to: '/shop/repairs/$id', params: { id: 'repair-1001' } });
    const panel = await screen.findByRole('region', { name: CONFLICT_TEXTS.title });
    expect(within(panel).getByText(CONFLICT_TEXTS.moved('Ready for Pickup', 'In Progress'))).toBeTruthy();
    // No field to choose: only the move is told.
    expect(within(panel).queryByText(CONFLICT_TEXTS.intro)).toBeNull();
    await app.user.click(within(panel).getByRole('button', { name: CONFLICT_TEXTS.gotIt }));
    await waitFor(() => expect(screen.queryByRole('region', { name: CONFLICT_TEXTS.title })).toBeNull());
    expect(kept).toEqual([]);
  });
});
