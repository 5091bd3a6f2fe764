import { Star } from './icons';
import { TESTIMONIALS } from './landing-content';
import { SectionHeading } from './section-heading';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);
}

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="Loved by repair shops">
          Shop owners tell us what changed once their counter went digital.
        </SectionHeading>
        <ul aria-label="Testimonials" className="mt-12 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
                <div className="flex gap-0.5 text-accent-500" role="img" aria-label="Rated 5 out of 5">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                    aria-hidden="true"
                  >
                    {initials(item.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{item.name}</span>
                    <span className="block text-sm text-slate-600">{item.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
