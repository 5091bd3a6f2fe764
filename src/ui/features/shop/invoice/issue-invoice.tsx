import { type FormEvent, useState } from 'react';
import type { Outcome } from '../../../../domain/shared/validation';
import type { Invoice } from '../../../../domain/shop/invoice';
import { isValidGstin } from '../../../../domain/shop/settings';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { InvoiceSheet } from './invoice-sheet';
import { INVOICE_TEXTS as T } from './invoice-texts';

/*
 * An invoice not yet issued: the preview of what it will say (the domain builds it from the repair,
 * the store and its vouchers as they are now), the optional 'Customer GSTIN' (a store with a GSTIN
 * only; checked for shape, state and check character as settings check the store's), and the button
 * that issues it, after a confirmation that says issuing is final. What was typed stays on a refusal.
 */

/** The GSTIN as typed, tidied: spaces dropped, capitals. */
export const tidyGstin = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

export function IssueInvoice({
  taxed,
  previewOf,
  onIssue,
  issuing,
  outcome,
}: {
  /** A store with a GSTIN issues a tax invoice (and may take the customer's GSTIN); else a receipt. */
  taxed: boolean;
  /** What the invoice would say with this customer GSTIN ('' for none, always a valid one). */
  previewOf: (customerGstin: string) => Invoice;
  onIssue: (customerGstin: string) => void;
  issuing: boolean;
  /** The last issue's answer (a refusal shows its message), or null. */
  outcome: Outcome<unknown, string, string> | null;
}) {
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const gstin = tidyGstin(typed);
  const gstinError = gstin !== '' && !isValidGstin(gstin) ? T.invalidGstin : undefined;
  const preview = previewOf(gstinError ? '' : gstin);
  const issueLabel = taxed ? T.issueTaxInvoice : T.issueReceipt;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (gstinError === undefined) setConfirming(true);
  };

  return (
    <div className="space-y-5">
      <Card>
        <CardHeader title={T.preview} description={T.previewNote} />
        <form noValidate onSubmit={submit} className="space-y-4 px-5 py-4 sm:px-6">
          {taxed && (
            <TextField
              label={`${T.customerGstin} (optional)`}
              hint={T.customerGstinHint}
              value={typed}
              maxLength={20}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={() => setChecked(true)}
              error={checked ? gstinError : undefined}
            />
          )}
          <OutcomeAlert outcome={outcome?.ok ? null : outcome} />
          <Button type="submit" busy={issuing}>
            {issueLabel}
          </Button>
        </form>
      </Card>
      <section className="invoice-stage" aria-label="Invoice preview">
        <InvoiceSheet invoice={preview} paper="a4" />
      </section>
      <Dialog open={confirming} onOpenChange={setConfirming} title={T.confirmTitle}>
        <div className="space-y-4">
          <Alert tone="warning">{T.previewNote}</Alert>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {T.cancel}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onIssue(gstin);
              }}
            >
              {T.confirm}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
