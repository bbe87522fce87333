import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchExperiments } from '../api/experiments';
import { fetchUserSettings, userSettingsKey } from '../api/userSettings';
import { VIEWER_QUERY_KEY } from '../auth/viewer';
import type { MeResponse } from '@pinhive/contracts';
import { onPinCreated } from './afterCreate';
import { decideUpsell } from './decide';
import { checkExtensionInstalled } from './extensionCheck';
import { stopNagging } from './rules';
import { writeNagRecord } from './storage';
import { ConnectAccountUpsellModal, ExtensionUpsellModal, type ExtensionUpsellVariant } from './UpsellModals';

type Shown = { kind: 'extension'; variant: ExtensionUpsellVariant } | { kind: 'connect_account' } | null;

/**
 * Shows the upsell that follows a created pin (section 4), once per create: mounted once in the
 * app layout, it listens for notePinCreated (afterCreate.ts) from every create flow.
 */
export function UpsellHost() {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown>(null);
  // A create while one decision is under way is not a second chance for the same upsell.
  const deciding = useRef(false);

  useEffect(
    () =>
      onPinCreated((created) => {
        if (deciding.current) return;
        deciding.current = true;
        const viewerId = queryClient.getQueryData<MeResponse>(VIEWER_QUERY_KEY)?.id ?? null;
        void decideUpsell(created, {
          viewerId,
          userAgent: navigator.userAgent,
          experiments: () => queryClient.fetchQuery({ queryKey: ['experiments'], queryFn: ({ signal }) => fetchExperiments(signal), staleTime: 5 * 60_000 }),
          extensionInstalled: () => checkExtensionInstalled(),
          // Read fresh: the claim page may have just changed the listed website.
          settings: () => queryClient.fetchQuery({ queryKey: userSettingsKey(viewerId ?? ''), queryFn: ({ signal }) => fetchUserSettings(signal), staleTime: 0 }),
          now: () => Date.now(),
        })
          .then((chosen) => {
            if (chosen === 'extension') setShown({ kind: 'extension', variant: created.variant ?? 'after_create' });
            else if (chosen === 'connect_account') setShown({ kind: 'connect_account' });
          })
          .finally(() => {
            deciding.current = false;
            // How many creates were decided on: what a test waits for before saying none showed.
            const root = document.documentElement;
            root.dataset.upsellDecisions = String(Number(root.dataset.upsellDecisions ?? '0') + 1);
          });
      }),
    [queryClient],
  );

  const close = () => setShown(null);
  if (shown?.kind === 'extension') {
    return (
      <ExtensionUpsellModal
        variant={shown.variant}
        onClose={close}
        onInstall={() => {
          // Gone to install it: no more nags in this browser.
          writeNagRecord(stopNagging(Date.now()));
          close();
        }}
      />
    );
  }
  if (shown?.kind === 'connect_account') return <ConnectAccountUpsellModal onClose={close} />;
  return null;
}
