import { useState } from 'react';
import { useSettings } from '../../../app-services';
import { Badge } from '../../../components/badge';
import { cx } from '../../../components/cx';
import { Icon } from './icons';
import { FEATURE_FILTERS, FEATURES, type FeatureFilter } from './landing-content';
import { SectionHeading } from './section-heading';

export function FeaturesSection() {
  const { productName } = useSettings();
  const [filter, setFilter] = useState<FeatureFilter>('All Features');
  const shown = filter === 'All Features' ? FEATURES : FEATURES.filter((f) => f.category === filter);
  return (
    <section
      aria-labelledby="features-heading"
      className="scroll-mt-20 bg-white py-16 sm:py-24"
      id="features"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-heading" eyebrow="Features" title="Everything your repair shop runs on">
          From the first job card to the monthly report, {productName} covers the work of a busy repair
          counter.
        </SectionHeading>

        <fieldset className="mt-10">
          <legend className="sr-only">Filter features by category</legend>
          <div className="flex flex-wrap justify-center gap-2">
            {FEATURE_FILTERS.map((option) => {
              const pressed = option === filter;
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={pressed}
                  aria-controls="features-grid"
                  onClick={() => setFilter(option)}
                  className={cx(
                    'h-10 rounded-full px-4 text-sm font-semibold transition-colors',
                    pressed
                      ? 'bg-brand-700 text-white shadow-sm'
                      : 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  {option}
                </button>
              );
            })}
          </div>
        </fieldset>
        <p role="status" className="mt-4 text-center text-sm text-slate-500">
          {filter === 'All Features'
            ? `Showing all ${shown.length} features`
            : `Showing ${shown.length} ${filter} features`}
        </p>

        <ul
          id="features-grid"
          aria-label="Feature list"
          className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
        >
          {shown.map((feature) => (
            <li
              key={feature.title}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={feature.icon} />
                </span>
                <Badge tone={feature.category === 'Core Features' ? 'blue' : 'slate'}>
                  {feature.category}
                </Badge>
              </div>
              <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{feature.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
