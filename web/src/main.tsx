import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import './i18n';
import './styles/index.css';
import { queryClient } from './api/queryClient';
import { router } from './router';

/**
 * A new release replaces the page chunks: a tab opened before it asks for a chunk that is gone.
 * Vite reports that as `vite:preloadError`; loading the page again fetches the new release. Once
 * per minute at most, so a chunk that is really missing shows the error page rather than a loop.
 */
const RELOADED_AT = 'ph_chunk_reload_at';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
