import { useSettings } from '../../../app-services';
import { STATS } from './landing-content';

export function StatsStrip() {
  const { productName } = useSettings();
  return (
    <section aria-labelledby="stats-heading" className="bg-brand-800">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="stats-heading" className="sr-only">
          {productName} in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 text-center lg:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-medium text-brand-100">{stat.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
