import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActingAsProvider } from '../advertisers/ActingAsProvider';
import { LinkGuard } from '../offsite/LinkGuard';
import { AuthModalProvider } from '../auth/AuthModalProvider';
import { RecoveryProvider } from '../recovery/RecoveryProvider';
import { useAecParam } from '../recovery/useAecParam';
import { ToastProvider } from '../toast/ToastProvider';
import { UpsellHost } from '../upsells/UpsellHost';
import { TopBar } from './TopBar';

/**
 * Every page: skip link, top bar, then the route's content in `<main>`; the app's modals and toasts,
 * whom the viewer acts for (an advertiser, or themself), the check of outbound links, and the
 * upsells that follow a created pin.
 */
export function AppLayout() {
  return (
    <ToastProvider>
      <RecoveryProvider>
        <AuthModalProvider>
          <ActingAsProvider>
            <Shell />
          </ActingAsProvider>
        </AuthModalProvider>
      </RecoveryProvider>
    </ToastProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  useAecParam();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <TopBar />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <ScrollRestoration />
      <LinkGuard />
      <UpsellHost />
    </>
  );
}
