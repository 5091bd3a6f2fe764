import { useSettings } from '../../../app-services';
import { ButtonLink } from '../../../components/button';
import { Icon } from './icons';
import { StoreBadges } from './store-badges';

const MOCK_STEPS = [
  { label: 'Received', done: true },
  { label: 'In progress', done: true },
  { label: 'Ready for pick-up', done: false },
  { label: 'Delivered', done: false },
] as const;

/** A decorative preview of a repair card (hidden from assistive technology). */
function RepairPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm lg:block">
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-br from-brand-200/60 to-accent-400/30 blur-2xl" />
      <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Repair ID</p>
            <p className="text-lg font-bold text-slate-900">RPR-2048</p>
          </div>
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
            In progress
          </span>
        </div>
        <div className="mt-5 rounded-2xl bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">Galaxy S21 · Mobile</p>
          <p className="text-sm text-slate-600">Cracked screen, battery drain</p>
          <div className="mt-3 flex items-center justify-between text-sm">
            <span className="text-slate-600">Estimate</span>
            <span className="font-semibold text-slate-900">₹2500</span>
          </div>
        </div>
        <ol className="mt-5 space-y-3">
          {MOCK_STEPS.map((step) => (
            <li key={step.label} className="flex items-center gap-3 text-sm">
              <span
                className={
                  step.done
                    ? 'flex size-6 items-center justify-center rounded-full bg-emerald-500 text-white'
                    : 'size-6 rounded-full border-2 border-slate-300'
                }
              >
                {step.done && <Icon name="check" className="size-3.5" />}
              </span>
              <span className={step.done ? 'font-medium text-slate-900' : 'text-slate-500'}>
                {step.label}
              </span>
            </li>
          ))}
        </ol>
        <div className="mt-5 flex items-center gap-3 rounded-2xl bg-brand-50 p-3 text-sm text-brand-900">
          <Icon name="bell" className="size-5 shrink-0" />
          <span>WhatsApp update sent to the customer</span>
        </div>
      </div>
    </div>
  );
}

export function HeroSection() {
  const { productName } = useSettings();
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-200">
            <Icon name="wrench" className="size-4" />
            {productName} for repair businesses
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl sm:leading-[1.1]"
          >
            Every repair, customer and rupee, <span className="text-brand-700">in one app.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">
            {productName} helps repair shops track every job from counter to delivery, keep a clean khata of
            dues and payments, and keep customers informed, on Android, iPhone and the web.
          </p>
          <div className="mt-8">
            <StoreBadges withQrCode />
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
            <ButtonLink to="/signup" size="lg">
              Sign up for web access
              <Icon name="arrow" className="size-5" />
            </ButtonLink>
            <p className="text-sm text-slate-600">Free to start. No credit card needed.</p>
          </div>
          <p className="mt-3 max-w-xl text-sm text-slate-600">
            <span className="font-semibold text-slate-800">Shop owners:</span> sign up as User, then choose
            Set Up Your Shop on your Dashboard to run your counter from any browser.
          </p>
        </div>
        <RepairPreview />
      </div>
    </section>
  );
}
