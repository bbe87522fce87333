import type { SocialProvider } from '@pinhive/contracts';

/** The providers' marks (decorative: the button's words name the provider). */
export function ProviderIcon({ provider }: { provider: SocialProvider }) {
  const common = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  switch (provider) {
    case 'google':
      return (
        <svg {...common}>
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3a7.2 7.2 0 0 1-10.7-3.8h-4v3.1A12 12 0 0 0 12 24Z" />
          <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8Z" />
        </svg>
      );
    case 'facebook':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="12" fill="#fff" />
          <path fill="#0866FF" d="M13.4 24v-8.6h2.9l.4-3.4h-3.3V9.9c0-1 .3-1.6 1.7-1.6h1.8v-3a24 24 0 0 0-2.6-.2c-2.6 0-4.4 1.6-4.4 4.5V12H7v3.4h2.9V24h3.5Z" />
        </svg>
      );
    case 'line':
      return (
        <svg {...common}>
          <rect width="24" height="24" rx="6" fill="#06C755" />
          <path
            fill="#fff"
            d="M20 11.1C20 7.5 16.4 4.6 12 4.6S4 7.5 4 11.1c0 3.2 2.9 5.9 6.7 6.4.3 0 .6.2.7.4.1.2 0 .6 0 .8l-.1.7c0 .2-.2.8.7.4.9-.4 4.7-2.8 6.4-4.7 1.1-1.3 1.6-2.6 1.6-4Z"
          />
        </svg>
      );
  }
}
