import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The gateway: the only backend the web app talks to (same origin in production). The dev and
 * preview servers forward API paths to it; `PINHIVE_GATEWAY_URL` points them elsewhere.
 */
function gatewayUrl(): string {
  const value = process.env['PINHIVE_GATEWAY_URL'] ?? 'http://localhost:8080';
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // reported below
  }
  throw new Error(`PINHIVE_GATEWAY_URL must be an http(s) URL such as http://localhost:8080, got "${value}"`);
}

/**
 * Paths the gateway answers. A regular expression (the key starts with `^`) rather than a prefix,
 * so that an app route such as `/adsmith` (a profile) is not sent to `/ads`.
 */
const GATEWAY_PATHS = '^/(?:v3|resource|ads|_health)(?:[/?]|$)';

const proxy: Record<string, ProxyOptions> = { [GATEWAY_PATHS]: { target: gatewayUrl() } };

/** Long-lived libraries in their own cached files, apart from the app code that changes often. */
function vendorChunk(id: string): string | undefined {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  if (!match?.[1]) return undefined;
  const name = match[1].replace('\\', '/');
  if (['react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser'].includes(name)) return 'react';
  if (name === 'zod') return 'zod';
  // The pin grid's masonry and its helpers: only the pages with a grid load them.
  if (name === 'masonic' || name.startsWith('@essentials/') || name.startsWith('@react-hook/') || name === 'raf-schd' || name === 'trie-memoize') return 'masonry';
  return 'vendor';
}

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: { rollupOptions: { output: { manualChunks: vendorChunk } } },
});
