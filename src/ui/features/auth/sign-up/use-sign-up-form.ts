import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type SignUpField,
  type SignUpInput,
  type SignUpOutcome,
  signUpSchema,
} from '../../../../domain/users/sign-up';
import { applyFieldErrors } from '../../../forms/apply-field-errors';
import { domainResolver } from '../../../forms/domain-resolver';
import { useSignUp } from '../mutations';

export const EMPTY_SIGN_UP: SignUpInput = {
  accountType: '',
  email: '',
  password: '',
  name: '',
  mobile: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  acceptedTerms: false,
  acceptedPrivacy: false,
};

/** The order of the fields on the page: the first one with an error receives focus. */
const FIELD_ORDER: readonly SignUpField[] = [
  'accountType',
  'email',
  'password',
  'name',
  'mobile',
  'address',
  'city',
  'state',
  'pincode',
];

/**
 * The sign-up form: react-hook-form with the domain's checks as its resolver, then the use case. A
 * failure keeps what was typed (field errors under their inputs, the rest in `outcome`); a success
 * clears the form and calls `onSignedUp` with the e-mail address the account was made with.
 */
export function useSignUpForm(onSignedUp: (email: string) => void) {
  const signUp = useSignUp();
  const [outcome, setOutcome] = useState<SignUpOutcome | null>(null);
  const form = useForm<SignUpInput>({
    defaultValues: EMPTY_SIGN_UP,
    resolver: domainResolver<SignUpInput>(signUpSchema),
  });

  const submit = form.handleSubmit(
    async (values) => {
      setOutcome(null);
      const result = await signUp.mutateAsync(values);
      setOutcome(result);
      if (!result.ok) {
        applyFieldErrors(form.setError, result, FIELD_ORDER);
        return;
      }
      form.reset(EMPTY_SIGN_UP);
      onSignedUp(values.email.trim());
    },
    // The resolver found field errors: an earlier answer above the form no longer applies.
    () => setOutcome(null),
  );

  const bothAccepted = form.watch('acceptedTerms') && form.watch('acceptedPrivacy');
  return { form, outcome, submit, bothAccepted, busy: form.formState.isSubmitting };
}
