import { type ReactNode, useState } from 'react';
import { useSettings } from '../app-services';
import { Button } from '../components/button';
import { Logo } from '../components/logo';
import { useLogout, useSession } from '../session';
import { OutboxButton, SignOutWarning, useOutbox } from './outbox';
import { SiteFooter } from './site-footer';

/** Frame of signed-in pages: header with the account and a Logout button, main, footer. */
export function AppPage({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const session = useSession();
  const { logout, busy } = useLogout();
  const email = session.status === 'signed-in' || session.status === 'error' ? session.user.email : null;
  const uid = session.status === 'signed-in' || session.status === 'error' ? session.user.uid : '';
  const outbox = useOutbox(uid);
  const settings = useSettings();
  // Signing out with changes not yet synced asks first: a signed-out device cannot send them.
  const [warning, setWarning] = useState(false);
  const signOut = () => (outbox.length > 0 ? setWarning(true) : void logout());
  return (
    <div className="flex flex-1 flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to="/dashboard" />
          <div className="flex items-center gap-2 sm:gap-3">
            {actions}
            <OutboxButton changes={outbox} />
            {email && (
              <span className="hidden max-w-56 truncate text-sm text-slate-600 lg:inline">{email}</span>
            )}
            {session.status !== 'signed-out' && (
              <Button variant="secondary" size="sm" onClick={signOut} busy={busy}>
                Logout
              </Button>
            )}
            <SignOutWarning
              pending={outbox.length}
              withAccount={settings.backend === 'firebase'}
              open={warning}
              onOpenChange={setWarning}
              onSignOut={() => void logout()}
              busy={busy}
            />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
