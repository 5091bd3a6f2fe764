import { Link } from '@tanstack/react-router';
import { useSettings } from '../../../app-services';
import { Bullets, LegalLayout, type LegalSection, legalLinkClass, P } from './legal-layout';

function useTermsSections(): readonly LegalSection[] {
  const { productName, supportEmail } = useSettings();
  const mail = (
    <a href={`mailto:${supportEmail}`} className={legalLinkClass}>
      {supportEmail}
    </a>
  );
  return [
    {
      id: 'acceptance',
      title: 'Acceptance of Terms',
      body: (
        <>
          <P>
            By creating an account, signing in or otherwise using {productName} on the web, on Android or on
            iOS (together, the “Service”), you agree to these Terms and Conditions and to our{' '}
            <Link to="/privacy" className={legalLinkClass}>
              Privacy Policy
            </Link>
            . If you use the Service on behalf of a business, you confirm that you are authorised to accept
            these terms for that business.
          </P>
          <P>If you do not agree with these terms, please do not use the Service.</P>
        </>
      ),
    },
    {
      id: 'service',
      title: 'Description of the Service',
      body: (
        <>
          <P>
            {productName} is a repair-shop management platform. It helps repair businesses manage their
            stores, repairs, customers, staff, a khata ledger of customer and supplier dues, and reports; it
            lets customers track their own repairs; and it lets distributors hold an in-app wallet.
          </P>
          <P>
            We improve the Service continually, so features may be added, changed or retired. Some features
            are only available in the mobile apps. We work hard to keep the Service available and your data
            backed up, but we cannot promise that it will always be uninterrupted or error-free. To the extent
            the law allows, we are not liable for indirect losses such as lost profits or lost business.
          </P>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Your Account',
      body: (
        <>
          <Bullets
            items={[
              'Give accurate information when you sign up, and keep it up to date.',
              'Keep your password confidential. You are responsible for everything done with your account.',
              <>Tell us straight away at {mail} if you suspect someone else has used your account.</>,
              'Do not share your login. Add staff with their own accounts and permissions instead.',
            ]}
          />
          <P>
            <strong className="font-semibold text-slate-900">Deleting your account.</strong> You can delete
            your account at any time from Profile &gt; Delete Account in the app, or by writing to us from the
            e-mail address of your account. We delete your personal data within 30 days of your request,
            except for records that the law requires us to keep, such as tax and payment records.
          </P>
        </>
      ),
    },
    {
      id: 'privacy',
      title: 'Privacy',
      body: (
        <>
          <P>
            Your privacy matters to us. Our{' '}
            <Link to="/privacy" className={legalLinkClass}>
              Privacy Policy
            </Link>{' '}
            explains what information we collect, why we collect it, and the choices you have.
          </P>
          <P>
            If you record your customers’ details in {productName}, you are responsible for collecting them
            lawfully, for telling your customers how you use them, and for only sending them messages they
            have agreed to receive.
          </P>
        </>
      ),
    },
    {
      id: 'usage',
      title: 'Acceptable Use',
      body: (
        <>
          <P>You agree not to:</P>
          <Bullets
            items={[
              'use the Service for anything unlawful, fraudulent or misleading;',
              'upload content you have no right to share, or that is offensive, harmful or infringes the rights of others;',
              'send broadcast messages to people who have not agreed to hear from you;',
              'try to reach accounts, stores or data that are not yours, or probe, disrupt or overload the Service;',
              'copy, resell or reverse-engineer the Service, except where the law expressly allows it.',
            ]}
          />
        </>
      ),
    },
    {
      id: 'payment',
      title: 'Payment Terms',
      body: (
        <>
          <P>
            {productName} is free to download and free to use for everyday work. Some premium features cost
            coins, which you buy inside the app. The number of coins a premium feature costs is shown before
            you use it, and nothing is charged without your confirmation.
          </P>
          <Bullets
            items={[
              'Coins are held in your in-app wallet. They have no cash value and cannot be exchanged for money or transferred outside the Service.',
              'Coin purchases are processed by Google Play or the App Store under their terms; refunds follow their policies and the law that applies to you.',
              'We may change the price of coins or the cost of a premium feature; a change applies only from the moment it is published.',
              'Wallet top-ups made for distributors are recorded with the amount, the balance before and after, and the date.',
            ]}
          />
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      body: (
        <>
          <P>
            You may stop using the Service and delete your account at any time. We may suspend or close an
            account that breaches these terms, harms other users or the Service, or that we are required by
            law to close. Where it is reasonable, we will warn you first and tell you why.
          </P>
          <P>
            When an account is closed, the right to use the Service ends and unused coins lapse, except where
            the law requires otherwise. The sections on payment terms and data portability continue to apply.
          </P>
        </>
      ),
    },
    {
      id: 'data-portability',
      title: 'Data Portability',
      body: (
        <P>
          Your shop’s records belong to you. You can ask for a copy of your data (for example your repairs,
          customers and khata entries) by writing to {mail} from the e-mail address of your account. We send
          the export in a common, machine-readable format such as CSV within 30 days of your request, also
          when you are about to close your account.
        </P>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      body: (
        <P>
          We may update these terms as the Service or the law changes. The current version is always on this
          page, with its “last updated” date. For significant changes we will tell you in the app or by e-mail
          before they take effect. If you keep using the Service after that, you accept the updated terms.
        </P>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <P>
          Questions about these terms? Write to us at {mail} or use our{' '}
          <Link to="/support" className={legalLinkClass}>
            support form
          </Link>
          . Our support team is available 24/7.
        </P>
      ),
    },
  ];
}

export function TermsPage() {
  const { productName } = useSettings();
  const sections = useTermsSections();
  return (
    <LegalLayout
      title="Terms and Conditions"
      summary={`These terms set out the rules for using ${productName}, on the web and in our mobile apps. Please read them carefully: by creating an account or using ${productName} you agree to them.`}
      sections={sections}
      related={{ to: '/privacy', label: 'Privacy Policy' }}
    />
  );
}
