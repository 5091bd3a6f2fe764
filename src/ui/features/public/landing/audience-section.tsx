import { useSettings } from '../../../app-services';
import { Icon, type IconName } from './icons';
import { FOR_BUSINESSES, FOR_CUSTOMERS } from './landing-content';
import { SectionHeading } from './section-heading';

function AudienceCard({
  id,
  icon,
  title,
  intro,
  items,
}: {
  id: string;
  icon: IconName;
  title: string;
  intro: string;
  items: readonly string[];
}) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon name={icon} className="size-7" />
      </span>
      <h3 id={id} className="mt-4 text-xl font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-slate-600">{intro}</p>
      <ul aria-labelledby={id} className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <Icon name="check" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AudienceSection() {
  const { productName } = useSettings();
  return (
    <section aria-labelledby="audience-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="audience-heading"
          eyebrow="Who it is for"
          title="Built for both sides of the counter"
        >
          {productName} works for the shop that does the repair and for the customer waiting for it.
        </SectionHeading>
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <AudienceCard
            id="audience-business"
            icon="store"
            title="For repair businesses"
            intro="Run the shop, the staff and the money from one place."
            items={FOR_BUSINESSES}
          />
          <AudienceCard
            id="audience-customers"
            icon="users"
            title="For customers"
            intro="Know where your device is without calling the shop."
            items={FOR_CUSTOMERS}
          />
        </div>
      </div>
    </section>
  );
}
