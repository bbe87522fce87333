import { createBrowserRouter } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { HomePage } from './pages/HomePage';
import { LoginSoonPage } from './pages/LoginSoonPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ProfilePage } from './pages/ProfilePage';
import { RouteErrorPage } from './pages/RouteErrorPage';
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
          { path: 'login', element: <LoginSoonPage /> },
          { path: ':username', element: <ProfilePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
