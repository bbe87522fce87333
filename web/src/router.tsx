import type { ComponentType } from 'react';
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
import { SocialCallbackPage } from './social/SocialCallbackPage';

/** Feature pages load on demand: the log-in screens do not carry board, pin and saving code. */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => async () => ({ Component: pick(await load()) });

const boardPage = page(() => import('./boards/BoardPage'), (m) => m.BoardPage);
const sectionPage = page(() => import('./boards/SectionPage'), (m) => m.SectionPage);
const pinPage = page(() => import('./pins/PinPage'), (m) => m.PinPage);
const repinPage = page(() => import('./pins/RepinPage'), (m) => m.RepinPage);
const pinCreatePage = page(() => import('./saving/PinCreatePage'), (m) => m.PinCreatePage);
const createBoardPage = page(() => import('./saving/CreateFromDraftPages'), (m) => m.CreateBoardPage);
const createSectionPage = page(() => import('./saving/CreateFromDraftPages'), (m) => m.CreateSectionPage);
const bookmarkletPage = page(() => import('./saving/BookmarkletSettingsPage'), (m) => m.BookmarkletSettingsPage);
const invitationsPage = page(() => import('./collaborators/InvitationsPage'), (m) => m.InvitationsPage);
const inviteLinkPage = page(() => import('./collaborators/InviteLinkPage'), (m) => m.InviteLinkPage);
const businessAccessPage = page(() => import('./advertisers/BusinessAccessPage'), (m) => m.BusinessAccessPage);
const receivedPinsPage = page(() => import('./sends/ReceivedPinsPage'), (m) => m.ReceivedPinsPage);
const claimPage = page(() => import('./settings/ClaimSettingsPage'), (m) => m.ClaimSettingsPage);
const pinBuilderPage = page(() => import('./pin-builder/PinBuilderPage'), (m) => m.PinBuilderPage);
const searchPage = page(() => import('./search/SearchPage'), (m) => m.SearchPage);
const consolePage = page(() => import('./advertiser-console/AdvertiserConsolePage'), (m) => m.AdvertiserConsolePage);
const consoleEntryPage = page(() => import('./advertiser-console/ConsoleEntry'), (m) => m.ConsoleEntryPage);
const quickPromoteEntryPage = page(() => import('./advertiser-console/ConsoleEntry'), (m) => m.QuickPromoteEntryPage);
const quickPromotePage = page(() => import('./quick-promote/QuickPromotePage'), (m) => m.QuickPromotePage);

/**
 * Static paths rank above `/:username`, so `signup` and `login` never reach the profile page
 * (nor `sso/callback` and `connect/:provider` the board page).
 * The inner error boundary keeps the top bar when a page fails.
 */
export const router = createBrowserRouter([
  // Where the providers send the sign-in popup back: the answer goes to the window that opened
  // it. Bare pages (no top bar): the popup closes at once.
  { path: 'sso/callback', element: <SocialCallbackPage provider="sso" /> },
  { path: 'connect/:provider', element: <SocialCallbackPage /> },
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
          { path: 'business/access', lazy: businessAccessPage },
          { path: 'advertiser/quick_promote', lazy: quickPromotePage },
          { path: 'dev/outbox', element: <DevOutboxPage /> },
          { path: 'settings/bookmarklet', lazy: bookmarkletPage },
          { path: 'settings/claim', lazy: claimPage },
          { path: 'pin/create/:method/:action?', lazy: pinCreatePage },
          { path: 'pin-builder', lazy: pinBuilderPage },
          { path: 'pin/:id', lazy: pinPage },
          { path: 'pin/:id/repin/x', lazy: repinPage },
          { path: 'board/create', lazy: createBoardPage },
          { path: 'board/:id/create_section', lazy: createSectionPage },
          { path: 'invite', lazy: invitationsPage },
          { path: 'inbox', lazy: receivedPinsPage },
          { path: 'invite/board/:token', lazy: inviteLinkPage },
          { path: 'search', lazy: searchPage },
          { path: 'search/:scope', lazy: searchPage },
          // The advertiser console: every path of its URL table under the advertiser id prefix
          // (the unprefixed ones would be usernames and boards here); the id-less entries choose
          // the advertiser. 'advertiser' is a reserved username.
          { path: 'advertiser', lazy: consoleEntryPage },
          { path: 'advertiser/quick-promote', lazy: quickPromoteEntryPage },
          { path: 'advertiser/:advertiserId/*', lazy: consolePage },
          { path: ':username', element: <ProfilePage /> },
          { path: ':username/:slug', lazy: boardPage },
          { path: ':username/:slug/:section', lazy: sectionPage },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
