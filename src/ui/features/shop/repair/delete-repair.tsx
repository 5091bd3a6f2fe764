import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Outcome } from '../../../../domain/shared/validation';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { useDeleteRepair } from './mutations';

/*
 * The repair page's 'Delete Repair' (the store's owner only): a confirmation, then the board of the
 * repair's store. The Repair ID is never used again.
 */

export function DeleteRepair({ data }: { data: RepairDossier }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);
  const remove = useDeleteRepair(data.repair.id, async () => {
    setOpen(false);
    await navigate({ to: '/shop', search: { store: data.store.storeId } });
  });
  const confirm = async () => {
    const result = await remove.mutateAsync();
    if (!result.ok) setOutcome(result);
  };
  return (
    <div className="flex justify-end">
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Repair
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${data.repair.repairId}?`}
        description="The repair and its history are removed for good. Its Repair ID is not used again."
      >
        <div className="space-y-4">
          <OutcomeAlert outcome={outcome} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={() => void confirm()}>
              Delete
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
