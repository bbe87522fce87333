import { createBrowserRouter } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { AddAccountPage } from './pages/AddAccountPage';
import { BusinessCreatePage } from './pages/BusinessCreatePage';
import { BusinessLoginPage } from './pages/BusinessLoginPage';
import { DevOutboxPage } from './pages/DevOutboxPage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PasswordResetPage } from './pages/PasswordResetPage';
import { ProfilePage } from './pages/ProfilePage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { SecuritySettingsPage } from './pages/SecuritySettingsPage';
import { SignupPage } from './pages/SignupPage';

/**
 * Static paths rank above `/:username`, so `signup` and `login` never reach the profile page.
 * The inner error boundary keeps the top bar when a page fails.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'password/reset', element: <PasswordResetPage /> },
          { path: 'add-account', element: <AddAccountPage /> },
          { path: 'settings/security', element: <SecuritySettingsPage /> },
          { path: 'business/create', element: <BusinessCreatePage /> },
          { path: 'business/login', element: <BusinessLoginPage /> },
          { path: 'dev/outbox', element: <DevOutboxPage /> },
          { path: ':username', element: <ProfilePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
