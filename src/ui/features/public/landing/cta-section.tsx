import { Link } from '@tanstack/react-router';
import { useSettings } from '../../../app-services';
import { ButtonLink } from '../../../components/button';

export function CallToActionSection() {
  const { productName } = useSettings();
  return (
    <section aria-labelledby="cta-heading" className="bg-slate-50 px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 to-brand-900 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16">
        <h2
          id="cta-heading"
          className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          Ready to take the paperwork out of repairs?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
          Join thousands of repair shops that run on {productName}. Start free today: download the app, or
          create an account for web access.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/signup" size="lg" variant="secondary" className="focus-visible:outline-white">
            Create your free account
          </ButtonLink>
          <Link
            to="/support"
            className="inline-flex h-12 items-center justify-center rounded-lg px-6 text-base font-semibold text-white ring-1 ring-inset ring-white/40 transition-colors hover:bg-white/10 focus-visible:outline-white"
          >
            Talk to our team
          </Link>
        </div>
      </div>
    </section>
  );
}
