import { ButtonLink } from '../../components/button';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PublicPage } from '../../layout/public-page';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PublicPage>
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
        <p className="text-slate-600">The page you were looking for does not exist or has moved.</p>
        <div className="flex gap-3">
          <ButtonLink to="/">Go home</ButtonLink>
          <ButtonLink to="/support" variant="secondary">
            Contact support
          </ButtonLink>
        </div>
      </div>
    </PublicPage>
  );
}
