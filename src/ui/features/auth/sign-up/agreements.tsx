import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '../../../components/fields';
import { NewTabNote } from '../../../components/new-tab-note';

/** The two agreements Sign Up needs, each with its document opening in a new tab. */
export function Agreements({
  terms,
  privacy,
}: {
  terms: UseFormRegisterReturn<'acceptedTerms'>;
  privacy: UseFormRegisterReturn<'acceptedPrivacy'>;
}) {
  return (
    <div className="space-y-3">
      <Checkbox
        required
        label={
          <>
            I agree to the <AgreementLink to="/terms">Terms and Conditions</AgreementLink>
          </>
        }
        {...terms}
      />
      <Checkbox
        required
        label={
          <>
            I agree to the <AgreementLink to="/privacy">Privacy Policy</AgreementLink>
          </>
        }
        {...privacy}
      />
    </div>
  );
}

function AgreementLink({ to, children }: { to: '/terms' | '/privacy'; children: ReactNode }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {children}
      <NewTabNote />
    </Link>
  );
}
