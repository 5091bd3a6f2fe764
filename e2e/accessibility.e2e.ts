import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  audit,
  fillSignUpForm,
  launchBrowser,
  openTab,
  shown,
  signIn,
  type Tab,
  VIEWPORTS,
  type ViewportName,
} from './support/browser';

/**
 * Every route, in the role that sees it, at phone and desktop size: no serious axe-core violation, no
 * sideways scrolling, no page or console error, and a full-page screenshot in e2e/screenshots/.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Role = 'visitor' | 'admin' | 'customer' | 'distributor' | 'distributor2' | 'staff' | 'owner';

const EMAILS: Record<Exclude<Role, 'visitor'>, string> = {
  admin: 'admin@demo.test',
  customer: 'customer@demo.test',
  distributor: 'distributor@demo.test',
  distributor2: 'distributor2@demo.test',
  staff: 'staff@demo.test',
  owner: 'owner01@demo.test',
};

interface Screen {
  /** The screenshot's name before the viewport, e.g. 'dashboard-admin'. */
  readonly name: string;
  readonly role: Role;
  /** Brings the page to the state to check, and waits until it shows. */
  readonly open: (page: Page) => Promise<void>;
  /** A dialog or overlay covers the viewport: the screenshot shows the viewport, not the whole page. */
  readonly overlay?: boolean;
}

const heading = (page: Page, name: string | RegExp, level = 1) =>
  shown(page.getByRole('heading', { level, name }));

const go = async (page: Page, path: string) => {
  await page.goto(`${baseUrl}${path}`);
};

const SCREENS: readonly Screen[] = [
  {
    name: 'landing',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/');
      await heading(page, /Every repair, customer and rupee/);
      await shown(page.getByRole('link', { name: 'Get it on Google Play' }));
    },
  },
  {
    name: 'signin',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/signin');
      await heading(page, 'Sign in');
    },
  },
  {
    name: 'signin-error',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/signin');
      await page.getByLabel(/^Email/).fill('customer@demo.test');
      await page.getByLabel(/^Password/).fill('wrong-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await shown(page.getByRole('alert'));
    },
  },
  {
    name: 'signup',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/signup');
      await heading(page, 'Create your account');
    },
  },
  {
    name: 'signup-errors',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/signup');
      await fillSignUpForm(page, {
        type: 'User',
        email: 'customer@demo.test',
        password: 'weakpassword',
        name: 'A',
        mobile: '9000000001',
      });
      await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
      await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await shown(page.getByText('Password must contain an upper case character'));
    },
  },
  {
    name: 'forgot-password',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/forgot-password');
      await heading(page, 'Forgot Password');
    },
  },
  {
    name: 'forgot-password-sent',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/forgot-password');
      await page.getByLabel(/^Email/).fill('distributor2@demo.test');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await shown(page.getByRole('link', { name: 'Return to Sign In' }));
    },
  },
  {
    name: 'demo-mailbox',
    role: 'visitor',
    open: async (page) => {
      // After forgot-password-sent: one e-mail, for distributor2@demo.test.
      await go(page, '/demo/mailbox');
      await heading(page, 'Demo mailbox');
      await shown(page.getByRole('link', { name: 'Reset your password' }).first());
    },
  },
  {
    name: 'reset-password',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/demo/mailbox');
      await page.getByRole('link', { name: 'Reset your password' }).first().click();
      await shown(page.getByText('for distributor2@demo.test'));
    },
  },
  {
    name: 'reset-password-invalid',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/reset-password');
      await shown(page.getByText('Invalid password reset link'));
    },
  },
  {
    name: 'terms',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/terms');
      await heading(page, 'Terms and Conditions');
    },
  },
  {
    name: 'privacy',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/privacy');
      await heading(page, 'Privacy Policy');
    },
  },
  {
    name: 'support',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/support');
      await heading(page, 'How can we help?');
    },
  },
  {
    name: 'support-thanks',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/support');
      await page.getByLabel(/^Email/).fill('visitor@example.com');
      await page.getByLabel(/^Phone/).fill('9000033333');
      await page.getByLabel(/^Issue \/ Feedback/).fill('The screenshots look great.');
      await page.getByRole('button', { name: 'Submit' }).click();
      await heading(page, 'Thank you!', 2);
    },
  },
  {
    name: 'support-admin-denied',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/support-admin');
      await heading(page, 'Access denied.');
    },
  },
  {
    name: 'distributor-recharge-denied',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/distributor-recharge');
      await heading(page, 'Access denied.');
    },
  },
  {
    name: 'not-found',
    role: 'visitor',
    open: async (page) => {
      await go(page, '/no/such/page');
      await heading(page, 'Page not found');
    },
  },
  {
    name: 'demo-reset-dialog',
    overlay: true,
    role: 'visitor',
    open: async (page) => {
      await go(page, '/terms');
      await heading(page, 'Terms and Conditions');
      await page.getByRole('button', { name: 'Reset demo data' }).click();
      await shown(page.getByRole('dialog', { name: 'Reset demo data?' }));
    },
  },
  {
    name: 'dashboard-admin',
    role: 'admin',
    open: async (page) => {
      await go(page, '/dashboard');
      await heading(page, 'RepairMate Admin Dashboard');
      await shown(page.getByText('Page 1 of 3', { exact: true }));
    },
  },
  {
    name: 'support-admin',
    role: 'admin',
    open: async (page) => {
      await go(page, '/support-admin');
      await heading(page, 'Support Issues');
      await shown(page.getByRole('article').first());
    },
  },
  {
    name: 'support-admin-dialog',
    overlay: true,
    role: 'admin',
    open: async (page) => {
      await go(page, '/support-admin');
      await page.getByRole('button', { name: 'Edit' }).first().click();
      await shown(page.getByRole('dialog', { name: 'Edit support issue' }));
    },
  },
  {
    name: 'distributor-recharge',
    role: 'admin',
    open: async (page) => {
      await go(page, '/distributor-recharge');
      await heading(page, 'Distributor Wallet Recharge');
      await shown(page.getByRole('heading', { name: 'Recent Recharge Transactions' }));
      await page.getByRole('button', { name: /Dev Distributor/ }).click();
      await shown(page.getByText('Current balance'));
    },
  },
  {
    name: 'dashboard-tracker',
    role: 'customer',
    open: async (page) => {
      await go(page, '/dashboard');
      await page.getByLabel(/^Enter Repair ID/).fill('RPR-1001');
      await page.getByRole('button', { name: 'Search' }).click();
      await heading(page, 'Repair Details', 2);
      await shown(page.getByText('Sharma Mobile Care'));
    },
  },
  {
    name: 'dashboard-tracker-photo',
    overlay: true,
    role: 'customer',
    open: async (page) => {
      await go(page, '/dashboard');
      await page.getByLabel(/^Enter Repair ID/).fill('RPR-1001');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: /Photo 1 of 2/ }).click();
      await shown(page.getByRole('dialog', { name: /Photo 1 of 2/ }));
    },
  },
  {
    name: 'dashboard-tracker-not-permitted',
    role: 'customer',
    open: async (page) => {
      await go(page, '/dashboard');
      await page.getByLabel(/^Enter Repair ID/).fill('RPR-1002');
      await page.getByRole('button', { name: 'Search' }).click();
      await shown(page.getByText('You are not authorized to view this repair.'));
    },
  },
  {
    name: 'demo-messages-customer',
    role: 'customer',
    open: async (page) => {
      await go(page, '/demo/messages');
      await heading(page, 'Demo SMS inbox');
      await shown(page.getByText('No messages yet'));
    },
  },
  {
    name: 'support-admin-denied-customer',
    role: 'customer',
    open: async (page) => {
      await go(page, '/support-admin');
      await heading(page, 'Access denied.');
    },
  },
  {
    name: 'dashboard-distributor',
    role: 'distributor',
    open: async (page) => {
      await go(page, '/dashboard');
      await heading(page, 'Hello, Dev Distributor');
      await shown(page.getByRole('list', { name: 'Top-ups received' }));
    },
  },
  {
    name: 'dashboard-distributor-empty',
    role: 'distributor2',
    open: async (page) => {
      await go(page, '/dashboard');
      await heading(page, 'Hello, Priya Traders');
      await shown(page.getByText('No recharge transactions yet'));
    },
  },
  {
    name: 'shop-staff-refused',
    role: 'staff',
    open: async (page) => {
      await go(page, '/shop/staff');
      await shown(page.getByText("Only the store's owner manages its staff."));
    },
  },
  {
    name: 'shop-board-staff',
    role: 'staff',
    open: async (page) => {
      await go(page, '/dashboard');
      await heading(page, 'Sharma Mobile Care - Bandra');
      await shown(page.getByRole('link', { name: 'RPR-1001' }).first());
    },
  },
  {
    name: 'shop-board',
    role: 'owner',
    open: async (page) => {
      await go(page, '/dashboard');
      await heading(page, 'Sharma Mobile Care - Andheri');
      await shown(page.getByRole('link', { name: 'RPR-1007' }).first());
    },
  },
  {
    name: 'shop-staff',
    role: 'owner',
    open: async (page) => {
      await go(page, '/shop/staff');
      await heading(page, 'Sharma Mobile Care - Andheri');
      await shown(page.getByRole('list', { name: 'Staff and invitations' }));
    },
  },
  {
    name: 'shop-new-repair',
    role: 'owner',
    open: async (page) => {
      await go(page, '/shop/repairs/new');
      await heading(page, 'New Repair');
    },
  },
  {
    name: 'shop-repair',
    role: 'owner',
    open: async (page) => {
      await go(page, '/shop/repairs/repair-1007');
      await heading(page, 'RPR-1007');
      await shown(page.getByRole('link', { name: 'Send on WhatsApp' }));
    },
  },
];

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`every screen at ${viewport} size`, () => {
    // One profile per viewport: the screens come grouped by role, and the profile switches account
    // through Logout and the sign-in form when the role changes.
    let tab: Tab;
    let current: Role = 'visitor';

    beforeAll(async () => {
      tab = await openTab(browser, viewport);
      current = 'visitor';
    });
    afterAll(async () => {
      await tab?.context.close();
    });

    const become = async (role: Role) => {
      if (role === current) return;
      if (current !== 'visitor') {
        await tab.page.goto(`${baseUrl}/dashboard`);
        await tab.page.getByRole('button', { name: 'Logout' }).click();
        await tab.page.waitForURL(`${baseUrl}/signin`);
      }
      current = 'visitor';
      if (role !== 'visitor') await signIn(tab.page, baseUrl, EMAILS[role]);
      current = role;
    };

    for (const screen of SCREENS) {
      it(`${screen.name} (${screen.role}): accessible, no overflow, no errors`, async () => {
        await become(screen.role);
        tab.problems.errors.length = 0;
        await screen.open(tab.page);
        const { violations, overflow } = await audit(tab.page, `${screen.name}-${viewport}`, {
          fullPage: !screen.overlay,
        });
        expect(violations).toEqual([]);
        expect(overflow).toBe(0);
        expect(tab.problems.errors).toEqual([]);
      });
    }
  });
}
