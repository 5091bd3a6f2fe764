/** User-facing texts of accounts and authentication, word for word from the spec's catalogue. */
export const ACCOUNT_MESSAGES = {
  acceptBoth: 'Please accept both Terms & Conditions and Privacy Policy to continue.',
  emailInUse: 'This email is already registered.',
  invalidEmail: 'Please enter a valid email address.',
  signUpPasswordTooShort: 'Password should be at least 6 characters.',
  signUpFailed: 'Failed to create account.',
  signUpSucceeded: 'Account created successfully!',
  resetEmailSent:
    'Password reset instructions have been sent to your email. Please check your inbox and follow the instructions.',
  resetInvalidLink: 'Invalid password reset link',
  resetLinkExpired: 'This password reset link is invalid or has expired',
  resetPasswordsDiffer: 'Passwords do not match',
  resetPasswordTooShort: 'Password should be at least 6 characters',
  resetSucceeded: 'Your password has been successfully reset. Redirecting to sign in page...',
  verifyingResetLink: 'Verifying reset link...',
  // Messages of ours, for cases the spec leaves silent.
  accountTypeRequired: 'Please choose an account type.',
  emailRequired: 'Please enter your email address.',
  passwordRequired: 'Please enter your password.',
  passwordTooLong: 'Password must be at most 128 characters.',
  nameRequired: 'Please enter your name.',
  mobileRequired: 'Please enter your mobile number.',
  mobileInvalid: 'Please enter a valid 10-digit mobile number.',
  addressRequired: 'Please enter your address.',
  cityRequired: 'Please enter your city.',
  stateRequired: 'Please enter your state.',
  pincodeRequired: 'Please enter your pincode.',
  pincodeInvalid: 'Please enter a valid 6-digit pincode.',
  tooLong: 'This is too long.',
  chooseStrongerPassword: 'Please choose a stronger password.',
  confirmPasswordRequired: 'Please confirm your new password.',
  signInFailed: 'Sign in failed. Please try again.',
  resetRequestFailed: 'Could not send the reset e-mail. Please try again.',
  resetFailed: 'Could not reset your password. Please try again.',
  profileUnavailable: 'Could not load your account. Please check your connection and reload.',
} as const;

/** The password policy, each requirement worded as the provider words it. */
export const PASSWORD_REQUIREMENTS = {
  upperCase: 'Password must contain an upper case character',
  nonAlphanumeric: 'Password must contain a non-alphanumeric character',
} as const;
