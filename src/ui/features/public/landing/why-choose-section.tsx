import { useSettings } from '../../../app-services';
import { Icon } from './icons';
import { REASONS } from './landing-content';
import { SectionHeading } from './section-heading';

export function WhyChooseSection() {
  const { productName } = useSettings();
  return (
    <section aria-labelledby="why-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="why-heading" eyebrow="Why shops switch" title={`Why choose ${productName}?`}>
          Built with repair shop owners across India, for the way a repair counter really works.
        </SectionHeading>
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map((reason) => (
            <li key={reason.title} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white shadow-sm">
                <Icon name={reason.icon} />
              </span>
              <div>
                <h3 className="font-semibold">{reason.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
