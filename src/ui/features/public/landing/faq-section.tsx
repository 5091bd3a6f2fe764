import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { useSettings } from '../../../app-services';
import { cx } from '../../../components/cx';
import { Icon } from './icons';
import { SectionHeading } from './section-heading';

interface Question {
  readonly question: string;
  readonly answer: ReactNode;
}

function useQuestions(): readonly Question[] {
  const { productName, supportEmail } = useSettings();
  const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';
  return [
    {
      question: `Is ${productName} free to use?`,
      answer: (
        <p>
          Yes. {productName} is free to download and free for everyday work: repairs, customers, the khata and
          reports. Some premium features cost coins, which you buy inside the app whenever you need them.
          There is no subscription, and nothing is charged unless you choose it.
        </p>
      ),
    },
    {
      question: 'Which devices does it work on?',
      answer: (
        <p>
          {productName} runs on Android phones, on iPhone and on the web in any modern browser. Sign in with
          the same account everywhere and your records stay in sync.
        </p>
      ),
    },
    {
      question: 'How do my customers track their repairs?',
      answer: (
        <p>
          Every job gets a Repair ID. Customers sign in with the mobile number they gave the shop and enter
          the Repair ID to see the status, amount and photos of their device, or simply scan the QR code on
          their receipt. They also get a push or WhatsApp notification when it is ready.
        </p>
      ),
    },
    {
      question: 'Can I manage more than one store and add my staff?',
      answer: (
        <p>
          Yes. Add every branch you run under one account and switch between them in a tap. Invite staff with
          role-based permissions, so technicians and counter staff only see what their work needs.
        </p>
      ),
    },
    {
      question: 'Is my shop’s data safe?',
      answer: (
        <p>
          Your data travels over encrypted connections, is backed up to the cloud automatically, and is only
          visible to you and the people you authorise. You can ask for an export or the deletion of your data
          at any time. Read our{' '}
          <Link to="/privacy" className={link}>
            Privacy Policy
          </Link>{' '}
          for the details.
        </p>
      ),
    },
    {
      question: 'How do I get help?',
      answer: (
        <p>
          Our support team is available 24/7. Write to{' '}
          <a href={`mailto:${supportEmail}`} className={link}>
            {supportEmail}
          </a>{' '}
          or use the{' '}
          <Link to="/support" className={link}>
            support form
          </Link>
          , and we will get back to you soon.
        </p>
      ),
    },
  ];
}

function FaqItem({ question, answer }: Question) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  return (
    <li className="py-2">
      <h3 className="text-base font-semibold">
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 rounded-lg py-3 text-left text-slate-900 hover:text-brand-700"
        >
          <span>{question}</span>
          <Icon
            name="chevron"
            className={cx('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <section
        id={panelId}
        aria-labelledby={buttonId}
        hidden={!open}
        className="pb-4 leading-7 text-slate-600"
      >
        {answer}
      </section>
    </li>
  );
}

export function FaqSection() {
  const questions = useQuestions();
  return (
    <section aria-labelledby="faq-heading" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-heading" eyebrow="FAQ" title="Frequently asked questions">
          Still wondering? Here are the answers shop owners ask us for most.
        </SectionHeading>
        <ul className="mt-10 divide-y divide-slate-200 border-y border-slate-200">
          {questions.map((item) => (
            <FaqItem key={item.question} {...item} />
          ))}
        </ul>
      </div>
    </section>
  );
}
