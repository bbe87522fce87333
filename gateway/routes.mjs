// Which service owns which public path. nginx picks the longest matching prefix, so a more
// specific auth path (/v3/users/me/) wins over the pins-boards default for /v3/users/.
export const SERVICES = ['auth', 'pins-boards', 'experiences', 'ads'];

export const ROUTES = [
  // auth: accounts, sessions, two-factor, recovery
  { prefix: '/v3/register/', service: 'auth' },
  { prefix: '/v3/login/', service: 'auth' },
  { prefix: '/v3/logout/', service: 'auth' },
  { prefix: '/v3/email/', service: 'auth' },
  { prefix: '/v3/auth/', service: 'auth' },
  { prefix: '/v3/users/me/', service: 'auth' },
  { prefix: '/v3/users/forgot_password/', service: 'auth' },
  { prefix: '/v3/users/reset_password/', service: 'auth' },
  { prefix: '/v3/mfa/', service: 'auth' },
  { prefix: '/v3/dev/', service: 'auth' },
  // pins-boards: everything else under /v3 (users' profiles, pins, boards, follows, search)
  { prefix: '/v3/', service: 'pins-boards' },
  { prefix: '/resource/', service: 'pins-boards' },
  // experiences
  { prefix: '/v3/experiences/', service: 'experiences' },
  { prefix: '/resource/ExperienceResource/', service: 'experiences' },
  // ads
  { prefix: '/ads/v4/', service: 'ads' },
  { prefix: '/resource/AdvertiserResource/', service: 'ads' },
  { prefix: '/resource/QuickPromoteResource/', service: 'ads' },
];
