import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useService } from '../../../app-services';
import { refreshShop } from '../repair/mutations';

/*
 * The invoice page's writes: issuing the repair's invoice (once: it is then fixed) and a payment's
 * voucher. Each answers the use case's Outcome (a refusal is an answer the page shows, with what was
 * typed kept), and after a success refreshes every shop read (the invoice, its vouchers, the repair)
 * before its promise resolves.
 */

/** 'Issue Invoice' / 'Issue Receipt' with the customer's GSTIN ('' for none). */
export function useIssueInvoice(repairDocId: string) {
  const invoices = useService('invoices');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerGstin: string) => invoices.issue(repairDocId, { customerGstin }),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}

/** 'Issue Receipt Voucher' / 'Issue Refund Voucher' of one payment (its id is the mutation's variable). */
export function useIssueVoucher(repairDocId: string) {
  const invoices = useService('invoices');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => invoices.issueVoucher(repairDocId, paymentId),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}
