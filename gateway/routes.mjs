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
  { prefix: '/v3/sso/', service: 'auth' },
  { prefix: '/v3/facebook/', service: 'auth' },
  { prefix: '/v3/users/me/', service: 'auth' },
  // the upsells' settings read and the claim page's write (without the slash too: the spec's form)
  { prefix: '/v3/users/settings', service: 'auth' },
  { prefix: '/v3/users/forgot_password/', service: 'auth' },
  { prefix: '/v3/users/reset_password/', service: 'auth' },
  { prefix: '/v3/mfa/', service: 'auth' },
  { prefix: '/v3/dev/', service: 'auth' },
  // pins-boards: everything else under /v3 (users' profiles, pins, boards, follows, search)
  { prefix: '/v3/', service: 'pins-boards' },
  { prefix: '/resource/', service: 'pins-boards' },
  // pins' images (renditions stored by pins-boards), cached for good: a key is its content's hash
  { prefix: '/media/', service: 'pins-boards' },
  // outbound links' signed redirect (the check is GET /v3/offsite/)
  { prefix: '/offsite/', service: 'pins-boards' },
  // experiences
  { prefix: '/v3/experiences/', service: 'experiences' },
  { prefix: '/resource/UserExperienceResource/', service: 'experiences' },
  { prefix: '/resource/UserExperiencePlatformResource/', service: 'experiences' },
  { prefix: '/resource/UserExperienceViewedResource/', service: 'experiences' },
  { prefix: '/resource/UserExperienceCompletedResource/', service: 'experiences' },
  // ads
  { prefix: '/ads/v4/', service: 'ads' },
  { prefix: '/resource/AdvertiserResource/', service: 'ads' },
  { prefix: '/resource/QuickPromoteResource/', service: 'ads' },
];

/**
 * Paths that take a larger body than the gateway's 1 MB: a save with `image_base64` of up to
 * 200 MB (saving-boards-ads.md section 9) is 4/3 of it in base64. The service applies the same
 * limit to that route alone. The pin builder's upload is the file itself, 200 MB at most
 * (209715200 bytes: nginx's `m` is 1024 * 1024), and `streamed`: passed on to pins-boards as it
 * arrives (no request buffering), so the browser's upload progress is the service's, and given
 * time for sharp to process a large file once it is in.
 */
export const LARGE_BODIES = [
  { path: '/resource/PinResource/create/', service: 'pins-boards', maxBody: '281m' },
  { path: '/v3/pin-builder/uploads/', service: 'pins-boards', maxBody: '200m', streamed: true },
];
