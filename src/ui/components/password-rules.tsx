import { MIN_PASSWORD_LENGTH } from '../../domain/users/password-policy';

/** The hint shown under every new-password field: the provider's policy in plain words. */
export const PASSWORD_RULES_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, including an upper-case letter and a symbol such as @, # or !.`;
