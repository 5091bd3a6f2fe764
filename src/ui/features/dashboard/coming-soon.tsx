import { useSettings } from '../../app-services';
import { Card } from '../../components/card';

/** The dashboard of roles that have no web screen yet (staff, business owners, accounts without a role). */
export function ComingSoon({ name }: { name: string }) {
  const { productName } = useSettings();
  return (
    <Card className="mx-auto max-w-xl px-6 py-12 text-center">
      <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <svg
          className="size-7"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" strokeLinecap="round" />
        </svg>
      </div>
      <h1 className="text-2xl font-bold">Coming Soon</h1>
      <p className="mt-2 text-slate-600">
        {name ? `Hi ${name}, your` : 'Your'} web dashboard is on its way. Meanwhile, everything you need is in
        the {productName} mobile app.
      </p>
    </Card>
  );
}
