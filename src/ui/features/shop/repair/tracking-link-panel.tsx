import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { done, failed, type Outcome } from '../../../../domain/shared/validation';
import { trackingLink } from '../../../../domain/shop/tracking';
import { useService } from '../../../app-services';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { shopQueries } from '../queries';

/** What the panel says after each action (the use cases answer no text for a success). */
export const TRACKING_PANEL_TEXTS = {
  revoked: 'The tracking link is off. The customer’s link now says the shop turned it off.',
  rotated: 'A new tracking link is on. The old link no longer works: send the customer the new one.',
  off: 'The tracking link is off: the customer cannot follow this repair online. Make a new link to turn it on again.',
  copyFailed: 'Could not copy the link. Select it and copy it by hand.',
  copied: 'Link copied.',
} as const;

type PanelOutcome = Outcome<unknown, string, string>;

/**
 * The repair's tracking link on the repair page: the link and its QR code, 'Copy link', 'Revoke link'
 * (after a confirmation; the customer's page then says the shop turned it off) and 'New link' (a new
 * token; the old link stops working). Members of the store; the backend checks again.
 */
export function TrackingLinkPanel({
  repairDocId,
  repairId,
  tracking,
}: {
  readonly repairDocId: string;
  readonly repairId: string;
  /** The active link, or null when it is off. */
  readonly tracking: { readonly token: string; readonly path: string } | null;
}) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<PanelOutcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [dialogOutcome, setDialogOutcome] = useState<PanelOutcome | null>(null);
  const [busy, setBusy] = useState<'revoke' | 'rotate' | null>(null);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const url = tracking ? trackingLink(origin, tracking.token) : '';

  const refresh = () => queryClient.invalidateQueries({ queryKey: shopQueries.all });

  const revoke = async () => {
    setBusy('revoke');
    const result = await shop.revokeTracking(repairDocId);
    setBusy(null);
    if (!result.ok) {
      // The link is unchanged: say why in the dialog, which stays open to try again or cancel.
      setDialogOutcome(result);
      return;
    }
    setConfirming(false);
    setOutcome(done(undefined, TRACKING_PANEL_TEXTS.revoked));
    await refresh();
  };

  const rotate = async () => {
    setBusy('rotate');
    setOutcome(null);
    const result = await shop.rotateTracking(repairDocId);
    setBusy(null);
    if (!result.ok) {
      setOutcome(result);
      return;
    }
    setOutcome(done(undefined, TRACKING_PANEL_TEXTS.rotated));
    await refresh();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setOutcome(done(undefined, TRACKING_PANEL_TEXTS.copied));
    } catch {
      setOutcome(failed(TRACKING_PANEL_TEXTS.copyFailed));
    }
  };

  return (
    <Card>
      <CardHeader
        title="Tracking link"
        description="The customer follows the repair here, without signing in."
      />
      <div className="space-y-4 px-5 py-4 sm:px-6">
        <OutcomeAlert outcome={outcome} />
        {tracking ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="shrink-0 self-center rounded-lg bg-white p-2 ring-1 ring-slate-200 sm:self-start">
              <QRCodeSVG
                value={url}
                size={132}
                level="M"
                marginSize={2}
                role="img"
                aria-label={`QR code of the tracking link ${url}`}
              />
            </div>
            <div className="min-w-0 flex-1 space-y-3">
              <code className="block break-all rounded bg-slate-100 px-2 py-1 text-sm">{url}</code>
              <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
                <Button variant="secondary" size="sm" onClick={() => void copy()}>
                  Copy link
                </Button>
                <Button variant="secondary" size="sm" busy={busy === 'rotate'} onClick={() => void rotate()}>
                  New link
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  onClick={() => {
                    setDialogOutcome(null);
                    setConfirming(true);
                  }}
                >
                  Revoke link
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{TRACKING_PANEL_TEXTS.off}</p>
            <Button variant="secondary" size="sm" busy={busy === 'rotate'} onClick={() => void rotate()}>
              New link
            </Button>
          </div>
        )}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Turn off the tracking link of ${repairId}?`}
        description="The link stops working at once: whoever opens it reads that the shop turned it off. You can make a new link later."
      >
        <div className="space-y-4">
          <OutcomeAlert outcome={dialogOutcome} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy === 'revoke'} onClick={() => void revoke()}>
              Revoke link
            </Button>
          </div>
        </div>
      </Dialog>
    </Card>
  );
}
