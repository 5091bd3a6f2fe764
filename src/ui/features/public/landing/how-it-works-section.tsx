import { Icon } from './icons';
import { STEPS } from './landing-content';
import { SectionHeading } from './section-heading';

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-heading" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-heading" eyebrow="How it works" title="Up and running in five steps">
          No training, no setup fees. If you can use WhatsApp, you can run your shop on it.
        </SectionHeading>
        <ol aria-label="Steps" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
              <div className="flex items-center gap-3">
                <span
                  className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <Icon name={step.icon} className="size-6 text-brand-700" />
              </div>
              <h3 className="mt-4 font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
