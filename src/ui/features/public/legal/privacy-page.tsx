import { Link } from '@tanstack/react-router';
import { useSettings } from '../../../app-services';
import { Bullets, LegalLayout, type LegalSection, legalLinkClass, P } from './legal-layout';

function usePrivacySections(): readonly LegalSection[] {
  const { productName, supportEmail } = useSettings();
  const mail = (
    <a href={`mailto:${supportEmail}`} className={legalLinkClass}>
      {supportEmail}
    </a>
  );
  return [
    {
      id: 'information-collected',
      title: 'Information We Collect',
      body: (
        <>
          <P>We collect only what we need to run {productName}:</P>
          <Bullets
            items={[
              'Account details: your name, e-mail address, mobile number, address, city, state and PIN code, and, for business accounts, the business name, GST and PAN numbers and business address if you add them.',
              'Shop records you enter: stores, repairs (device, problems, status, amounts, delivery code and photos), customers and suppliers in your khata, staff and wallet transactions.',
              'Support requests: the e-mail address, phone number and message you send us.',
              'Technical data: device type, app version and logs that help us keep the Service secure and working.',
            ]}
          />
          <P>We also record when you accepted our Terms and Conditions and this Privacy Policy.</P>
        </>
      ),
    },
    {
      id: 'photo-permission',
      title: 'Photo Permission',
      body: (
        <P>
          The app asks for access to your camera and photos only so that you can attach pictures of a device
          to a repair, for example to record its condition when it is handed in. We only use the photos you
          take or choose; we never scan your gallery in the background. You can refuse or withdraw this
          permission at any time in your phone’s settings, and everything else keeps working.
        </P>
      ),
    },
    {
      id: 'use',
      title: 'How We Use Your Information',
      body: (
        <>
          <Bullets
            items={[
              'To provide the Service: accounts, stores, repair tracking, the khata, the wallet and reports.',
              'To let customers look up their own repairs, matched to the mobile number they gave the shop.',
              'To send the push and WhatsApp notifications that you or your shop have asked for.',
              'To answer your support requests.',
              'To keep the Service secure, prevent fraud and misuse, and improve it.',
            ]}
          />
          <P>
            We do not sell your personal information, and we never use a shop’s customer list for our own
            marketing.
          </P>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Data Security',
      body: (
        <P>
          Your data travels over encrypted connections and is stored with a hosted cloud provider, with access
          rules that let each person see only what they are entitled to: a customer only their own repairs, a
          business only its own stores. Data is backed up automatically. No system is perfectly secure; if a
          breach affects your data, we will tell you and the authorities as the law requires.
        </P>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing Your Information',
      body: (
        <>
          <P>We share information only:</P>
          <Bullets
            items={[
              'between a repair shop and its customer: the customer sees the status, amount and photos of their repair and the shop’s name and contact number;',
              'with service providers that host our data, deliver notifications and process in-app purchases for us, under contracts that require them to protect it;',
              'when the law requires it, or to protect the rights, property or safety of our users or the public.',
            ]}
          />
        </>
      ),
    },
    {
      id: 'rights',
      title: 'Your Rights',
      body: (
        <>
          <P>
            Subject to the law that applies to you, including India’s Digital Personal Data Protection Act,
            you can:
          </P>
          <Bullets
            items={[
              'see the personal information we hold about you, and correct it (most of it directly in your profile);',
              'get a copy of your data in a machine-readable format, within 30 days of asking;',
              'have your account and personal data deleted (see Account Deletion below);',
              'withdraw a permission or consent, such as photo access or marketing messages, at any time.',
            ]}
          />
          <P>To use any of these rights, write to {mail} from the e-mail address of your account.</P>
        </>
      ),
    },
    {
      id: 'account-deletion',
      title: 'Account Deletion',
      body: (
        <>
          <P>
            You can delete your account at any time in the app: go to{' '}
            <strong className="font-semibold text-slate-900">Profile &gt; Delete Account</strong> and confirm.
            You can also ask us by e-mail from the address of your account.
          </P>
          <P>
            We delete your personal data within 30 days of the request, except records that the law requires
            us to keep, such as payment records. Repairs that a shop recorded for you as its customer are part
            of that shop’s records; ask the shop, or us, to remove your details from them.
          </P>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children’s Privacy',
      body: (
        <P>
          {productName} is not meant for children under 13, and we do not knowingly collect personal
          information from children under 13. If you believe a child under 13 has given us personal
          information, please contact us and we will delete it.
        </P>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <P>
          We may update this policy when the Service or the law changes. The current version is always on this
          page, with its “last updated” date. For significant changes we will tell you in the app or by e-mail
          before they take effect.
        </P>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <P>
          Questions or concerns about your privacy? Write to us at {mail} or use our{' '}
          <Link to="/support" className={legalLinkClass}>
            support form
          </Link>
          . We answer every privacy request, and within 30 days at the latest.
        </P>
      ),
    },
  ];
}

export function PrivacyPage() {
  const { productName } = useSettings();
  const sections = usePrivacySections();
  return (
    <LegalLayout
      title="Privacy Policy"
      summary={`This policy explains what information ${productName} collects when you use our website and mobile apps, how we use and protect it, and the choices you have.`}
      sections={sections}
      related={{ to: '/terms', label: 'Terms and Conditions' }}
    />
  );
}
