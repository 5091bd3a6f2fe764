import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UserProfile } from '../../../domain/users/user';
import { filterDistributors } from '../../../domain/wallet/distributors';
import { WALLET_MESSAGES } from '../../../domain/wallet/messages';
import { parseRechargeAmount } from '../../../domain/wallet/wallet';
import {
  type RechargeForm as RechargeFormValues,
  rechargeFormSchema,
} from '../../../domain/wallet/wallet-use-cases';
import { useService } from '../../app-services';
import { ButtonLink } from '../../components/button';
import { LoadFailure } from '../../components/load-failure';
import { OutcomeAlert } from '../../components/outcome-alert';
import { PanelBoundary } from '../../components/panel-boundary';
import { applyFieldErrors } from '../../forms/apply-field-errors';
import { domainResolver } from '../../forms/domain-resolver';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AppPage } from '../../layout/app-page';
import { SuperAdminOnly } from '../../layout/super-admin-only';
import { DistributorPicker } from './distributor-picker';
import { useRechargeMutation } from './mutations';
import { Panel } from './panel';
import { walletQueries } from './queries';
import { RecentRecharges } from './recent-recharges';
import { RechargeForm } from './recharge-form';
import { useRecharge } from './use-recharge';

const TITLE = 'Distributor Wallet Recharge';
const EMPTY_FORM: RechargeFormValues = { amount: '' };

/** /distributor-recharge: a super admin tops up a distributor's wallet. */
export function DistributorRechargePage() {
  useDocumentTitle(TITLE);
  return (
    <SuperAdminOnly>
      {(viewer) => (
        <AppPage>
          <DistributorRecharge viewer={viewer} />
        </AppPage>
      )}
    </SuperAdminOnly>
  );
}

function DistributorRecharge({ viewer }: { viewer: UserProfile }) {
  const log = useService('log');
  const recharge = useRechargeMutation(viewer);
  const flow = useRecharge({ recharge: recharge.mutateAsync, log });
  const form = useForm<RechargeFormValues>({
    defaultValues: EMPTY_FORM,
    mode: 'onChange',
    resolver: domainResolver<RechargeFormValues>(rechargeFormSchema),
  });

  // The distributor chosen in the list (the list lives in its own panel, which may fail on its own).
  const [selected, setSelected] = useState<UserProfile | null>(null);
  const successBox = useRef<HTMLDivElement>(null);
  const focusAmount = useRef(false);

  const busy = form.formState.isSubmitting;
  const outcome = flow.outcome;

  useEffect(() => {
    if (outcome?.ok) successBox.current?.focus();
  }, [outcome]);

  // Picking a distributor moves on to the amount (on a phone, this also scrolls the form into view).
  useEffect(() => {
    if (selected !== null && focusAmount.current) form.setFocus('amount');
    focusAmount.current = false;
  }, [selected, form.setFocus]);

  const select = (distributor: UserProfile) => {
    if (busy) return;
    focusAmount.current = true;
    setSelected(distributor);
    flow.dismiss();
  };

  const cancel = () => {
    setSelected(null);
    form.reset(EMPTY_FORM);
    flow.dismiss();
  };

  // A recharge that went through refreshes the balances and the recent recharges (useRechargeMutation).
  const submit = form.handleSubmit(async ({ amount }) => {
    const check = parseRechargeAmount(amount);
    if (selected === null || !check.ok) return;
    const result = await flow.send({ distributor: selected, amount: check.amount });
    if (!result.ok) {
      applyFieldErrors(form.setError, result);
      return;
    }
    setSelected(null);
    form.reset(EMPTY_FORM);
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{TITLE}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Find a distributor, enter the amount and confirm. The top-up shows in their wallet at once.
          </p>
        </div>
        <ButtonLink to="/dashboard" variant="secondary" size="sm" className="self-start sm:self-auto">
          Back to Dashboard
        </ButtonLink>
      </div>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <Panel id="distributors-title" title="Distributors">
          <PanelBoundary
            failed={({ message, retry }) => (
              <LoadFailure
                className="mt-4"
                message={message || WALLET_MESSAGES.distributorsFailed}
                onRetry={retry}
              />
            )}
          >
            <Distributors
              viewer={viewer}
              selectedId={selected?.uid ?? null}
              onSelect={select}
              disabled={busy}
            />
          </PanelBoundary>
        </Panel>

        <Panel id="recharge-title" title="Recharge wallet">
          <div className="mt-4 space-y-4">
            {outcome?.ok && <OutcomeAlert ref={successBox} outcome={outcome} />}
            {selected === null ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
                Choose a distributor from the list to top up their wallet.
              </p>
            ) : (
              <RechargeForm
                distributor={selected}
                form={form}
                failure={outcome?.ok ? null : outcome}
                onSubmit={submit}
                onCancel={cancel}
              />
            )}
          </div>
        </Panel>
      </div>

      <RecentRecharges viewer={viewer} />
    </div>
  );
}

/** The distributors to choose from, searchable (the search is this panel's own state). */
function Distributors({
  viewer,
  selectedId,
  onSelect,
  disabled,
}: {
  viewer: UserProfile;
  selectedId: string | null;
  onSelect: (distributor: UserProfile) => void;
  disabled: boolean;
}) {
  const wallet = useService('wallet');
  const { data: all } = useSuspenseQuery(walletQueries.distributors(wallet, viewer));
  const [search, setSearch] = useState('');
  return (
    <DistributorPicker
      distributors={all}
      shown={filterDistributors(all, search)}
      search={search}
      onSearch={setSearch}
      selectedId={selectedId}
      onSelect={onSelect}
      disabled={disabled}
    />
  );
}
