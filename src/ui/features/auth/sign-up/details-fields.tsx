import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { SignUpInput } from '../../../../domain/users/sign-up';
import { TextField } from '../../../components/fields';
import { PASSWORD_RULES_HINT } from '../../../components/password-rules';

/** 'Your details': the account's e-mail and password, and the person's name, number and address. */
export function DetailsFields({
  register,
  errors,
}: {
  register: UseFormRegister<SignUpInput>;
  errors: FieldErrors<SignUpInput>;
}) {
  return (
    <section aria-labelledby="signup-details" className="space-y-5">
      <h2 id="signup-details" className="text-base font-semibold">
        Your details
      </h2>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULES_HINT}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Full Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Mobile Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          error={errors.mobile?.message}
          {...register('mobile')}
        />
        <TextField
          label="Address"
          autoComplete="street-address"
          required
          containerClassName="sm:col-span-2"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          required
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="State"
          autoComplete="address-level1"
          required
          error={errors.state?.message}
          {...register('state')}
        />
        <TextField
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          required
          error={errors.pincode?.message}
          {...register('pincode')}
        />
      </div>
    </section>
  );
}
