import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/domain/admin/messages';
import { REPAIR_MESSAGES } from '../../src/domain/repairs/messages';
import { SUPPORT_MESSAGES } from '../../src/domain/support/messages';
import { ACCOUNT_MESSAGES, PASSWORD_REQUIREMENTS } from '../../src/domain/users/messages';
import { DEFAULT_ADMIN_NAME, RECHARGE_DESCRIPTION, WALLET_MESSAGES } from '../../src/domain/wallet/messages';

/**
 * The spec's catalogue, word for word: every quoted text of sections 2, 4, 5 and 8 of
 * ../shared/spec/web-spec.md that belongs to a message module of the domain (plus the two constants of
 * sections 6 and 7). Texts of buttons, labels and titles that only the UI shows ('Sign Up', 'Track More',
 * 'Distributor Wallet Recharge', …) live in the UI and are not listed here. Section 4 quotes none.
 */
const SPEC_TEXTS: readonly (readonly [section: string, specText: string, ours: string])[] = [
  // 2. Screens and routes
  ['2 /signup', 'Account created successfully!', ACCOUNT_MESSAGES.signUpSucceeded],
  [
    '2 /forgot-password',
    'Password reset instructions have been sent to your email. Please check your inbox and follow the instructions.',
    ACCOUNT_MESSAGES.resetEmailSent,
  ],
  ['2 /reset-password', 'Verifying reset link...', ACCOUNT_MESSAGES.verifyingResetLink],
  [
    '2 /reset-password',
    'Your password has been successfully reset. Redirecting to sign in page...',
    ACCOUNT_MESSAGES.resetSucceeded,
  ],
  ['2 /dashboard', 'Reset to Current Month', ADMIN_MESSAGES.resetToCurrentMonth],
  ['2 /dashboard', 'Total Users', ADMIN_MESSAGES.totalUsers],
  ['2 /dashboard', 'Total Business Users', ADMIN_MESSAGES.totalBusinessUsers],
  ['2 /dashboard', 'All Business Users - Performance Overview', ADMIN_MESSAGES.tableTitle],
  ['2 repair tracker', 'Loading business info...', REPAIR_MESSAGES.businessLoading],
  ['2 repair tracker', 'Business info not available.', REPAIR_MESSAGES.businessUnavailable],
  ['2 /support', 'Thank you!', SUPPORT_MESSAGES.thanks],
  ['2 /support', 'Our team will contact you soon.', SUPPORT_MESSAGES.contactSoon],
  ['2 /support-admin', 'No support issues found.', SUPPORT_MESSAGES.empty],
  ['2 /support-admin', 'Access denied.', SUPPORT_MESSAGES.accessDenied],
  ['2 /distributor-recharge', 'No recharge transactions yet', WALLET_MESSAGES.noTransactions],
  // 5. Validation rules
  [
    '5 sign-up',
    'Please accept both Terms & Conditions and Privacy Policy to continue.',
    ACCOUNT_MESSAGES.acceptBoth,
  ],
  ['5 password', 'Password must contain an upper case character', PASSWORD_REQUIREMENTS.upperCase],
  ['5 password', 'Password must contain a non-alphanumeric character', PASSWORD_REQUIREMENTS.nonAlphanumeric],
  ['5 reset', 'Invalid password reset link', ACCOUNT_MESSAGES.resetInvalidLink],
  ['5 reset', 'This password reset link is invalid or has expired', ACCOUNT_MESSAGES.resetLinkExpired],
  ['5 reset', 'Passwords do not match', ACCOUNT_MESSAGES.resetPasswordsDiffer],
  ['5 reset', 'Password should be at least 6 characters', ACCOUNT_MESSAGES.resetPasswordTooShort],
  ['5 recharge', 'Please enter a valid amount', WALLET_MESSAGES.invalidAmount],
  // 6. Roles and permissions; 7. Calls
  ['6 recharge admin name', 'Admin', DEFAULT_ADMIN_NAME],
  ['6 repairs', 'You are not authorized to view this repair.', REPAIR_MESSAGES.notAuthorized],
  ['7 recharge', 'Wallet recharge by admin', RECHARGE_DESCRIPTION],
  // 8. Error catalogue
  ['8 sign-up', 'This email is already registered.', ACCOUNT_MESSAGES.emailInUse],
  ['8 sign-up', 'Please enter a valid email address.', ACCOUNT_MESSAGES.invalidEmail],
  ['8 sign-up', 'Password should be at least 6 characters.', ACCOUNT_MESSAGES.signUpPasswordTooShort],
  ['8 sign-up', 'Failed to create account.', ACCOUNT_MESSAGES.signUpFailed],
  ['8 repair lookup', 'No repair found with this Repair ID.', REPAIR_MESSAGES.notFound],
  ['8 repair lookup', 'Error fetching repair.', REPAIR_MESSAGES.fetchFailed],
  ['8 repair lookup', 'You are not authorized to view this repair.', REPAIR_MESSAGES.notAuthorized],
  ['8 support form', 'Failed to submit. Please try again.', SUPPORT_MESSAGES.submitFailed],
  ['8 support update', 'Failed to update issue.', SUPPORT_MESSAGES.updateFailed],
  ['8 admin access', 'Access denied.', ADMIN_MESSAGES.accessDenied],
  ['8 admin access (recharge screen)', 'Access denied.', WALLET_MESSAGES.accessDenied],
  ['8 distributors', 'Error fetching distributors', WALLET_MESSAGES.distributorsFailed],
  ['8 recharge', 'Error recharging wallet. Please try again.', WALLET_MESSAGES.rechargeFailed],
  ['8 recharge', 'Please enter a valid amount', WALLET_MESSAGES.invalidAmount],
  ['8 reset', 'Invalid password reset link', ACCOUNT_MESSAGES.resetInvalidLink],
  ['8 reset', 'This password reset link is invalid or has expired', ACCOUNT_MESSAGES.resetLinkExpired],
  ['8 reset', 'Passwords do not match', ACCOUNT_MESSAGES.resetPasswordsDiffer],
  ['8 reset', 'Password should be at least 6 characters', ACCOUNT_MESSAGES.resetPasswordTooShort],
];

/** The spec's texts with placeholders, filled in as the spec's placeholders say. */
const SPEC_TEMPLATES: readonly (readonly [
  section: string,
  specText: string,
  fill: Record<string, string>,
  ours: string,
])[] = [
  [
    '2 /dashboard',
    '{product} Admin Dashboard',
    { '{product}': 'RepairMate' },
    ADMIN_MESSAGES.dashboardTitle('RepairMate'),
  ],
  ['2 /dashboard', 'Page X of Y', { X: '2', Y: '3' }, ADMIN_MESSAGES.pageLabel(2, 3)],
  [
    '8 recharge',
    'Successfully recharged ₹{amount} to {name}',
    { '{amount}': '250', '{name}': 'Dev Distributor' },
    WALLET_MESSAGES.rechargeSucceeded(250, 'Dev Distributor'),
  ],
];

describe('the message catalogue, word for word from the spec', () => {
  it.each(SPEC_TEXTS)('section %s: %s', (_, specText, ours) => {
    expect(ours).toBe(specText);
  });

  it.each(SPEC_TEMPLATES)('section %s: %s', (_, specText, fill, ours) => {
    const filled = Object.entries(fill).reduce(
      (text, [placeholder, value]) => text.replace(placeholder, value),
      specText,
    );
    expect(ours).toBe(filled);
  });

  it('keeps the two spellings of the password length message apart (sign-up has a full stop, reset has none)', () => {
    expect(ACCOUNT_MESSAGES.signUpPasswordTooShort).toBe(`${ACCOUNT_MESSAGES.resetPasswordTooShort}.`);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every message constant is asserted by a behavioural test: checked on the test sources themselves.

const ROOT = resolve(__dirname, '../..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

const MODULES = {
  ACCOUNT_MESSAGES,
  PASSWORD_REQUIREMENTS,
  REPAIR_MESSAGES,
  SUPPORT_MESSAGES,
  WALLET_MESSAGES,
  ADMIN_MESSAGES,
} as const;

interface Constant {
  /** How code names it: `WALLET_MESSAGES.invalidAmount`, `RECHARGE_DESCRIPTION`. */
  readonly name: string;
  readonly value: unknown;
}

const CONSTANTS: readonly Constant[] = [
  ...Object.entries(MODULES).flatMap(([module, messages]) =>
    Object.entries(messages).map(([key, value]) => ({ name: `${module}.${key}`, value })),
  ),
  { name: 'RECHARGE_DESCRIPTION', value: RECHARGE_DESCRIPTION },
  { name: 'DEFAULT_ADMIN_NAME', value: DEFAULT_ADMIN_NAME },
];

/**
 * Texts no code outside the UI returns: a page shows them for a state the use cases report (an empty
 * list, a success, a busy state), or they title a screen. Their wording is checked above; the UI tests
 * check where they appear. Every other constant must be asserted by a behavioural test.
 */
const SHOWN_ONLY_BY_THE_UI = new Set([
  'ACCOUNT_MESSAGES.signUpSucceeded',
  'ACCOUNT_MESSAGES.resetEmailSent',
  'ACCOUNT_MESSAGES.resetSucceeded',
  'ACCOUNT_MESSAGES.verifyingResetLink',
  'ACCOUNT_MESSAGES.confirmPasswordRequired',
  'REPAIR_MESSAGES.businessLoading',
  'REPAIR_MESSAGES.businessUnavailable',
  'SUPPORT_MESSAGES.thanks',
  'SUPPORT_MESSAGES.contactSoon',
  'SUPPORT_MESSAGES.empty',
  'WALLET_MESSAGES.noTransactions',
  'ADMIN_MESSAGES.resetToCurrentMonth',
  'ADMIN_MESSAGES.tableTitle',
  'ADMIN_MESSAGES.totalUsers',
  'ADMIN_MESSAGES.totalBusinessUsers',
  'ADMIN_MESSAGES.noBusinesses',
  'ADMIN_MESSAGES.noMatches',
  'ADMIN_MESSAGES.pageLabel',
  'ADMIN_MESSAGES.dashboardTitle',
]);

const codeSources = ['src/domain', 'src/adapters']
  .flatMap((dir) => filesUnder(join(ROOT, dir), /\.ts$/))
  .filter((file) => !file.endsWith('messages.ts'))
  .map((file) => readFileSync(file, 'utf8'));

const thisFile = resolve(__filename);
const testSources = filesUnder(join(ROOT, 'tests'), /\.test\.tsx?$/)
  .filter((file) => resolve(file) !== thisFile)
  .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));

const mentions = (source: string, constant: Constant) => {
  const byName = new RegExp(`\\b${constant.name.replace('.', '\\.')}\\b`).test(source);
  const text = typeof constant.value === 'string' ? constant.value : null;
  const byText =
    text !== null && [`'${text}'`, `"${text}"`, `\`${text}\``].some((quoted) => source.includes(quoted));
  return byName || byText;
};

describe('every message constant is covered', () => {
  it('finds the tests', () => {
    expect(testSources.length).toBeGreaterThan(10);
  });

  it.each(
    CONSTANTS.filter((constant) => !SHOWN_ONLY_BY_THE_UI.has(constant.name)).map((c) => [c.name, c] as const),
  )('%s is asserted by a behavioural test', (_, constant) => {
    expect(
      testSources.filter((source) => mentions(source.text, constant)).map((source) => source.file),
    ).not.toEqual([]);
  });

  it.each([...SHOWN_ONLY_BY_THE_UI].map((name) => [name] as const))(
    '%s is one of the texts only the UI shows (no use case or adapter returns it)',
    (name) => {
      const constant = CONSTANTS.find((candidate) => candidate.name === name);
      expect(constant).toBeDefined();
      expect(codeSources.some((source) => new RegExp(`\\b${name.replace('.', '\\.')}\\b`).test(source))).toBe(
        false,
      );
    },
  );
});
