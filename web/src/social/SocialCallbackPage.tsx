import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/Logo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { callbackProvider, readCallback, type SocialConnectMessage } from './callback';

/**
 * Where a provider sends the sign-in popup back (`/sso/callback/?code=…&state=…&iss=…`,
 * `/connect/:provider/#id_token=…&state=…`, or an `error`): hands the answer to the window that
 * opened the popup, on our own origin only, and closes. The answer is taken out of the address
 * (it holds a code or a token). Opened any other way (no opener, an unknown provider) it says
 * the window can be closed.
 */
export function SocialCallbackPage({ provider: fixed }: { provider?: 'sso' }) {
  const { t } = useTranslation();
  const params = useParams();
  const provider = fixed ?? callbackProvider(params['provider']);
  // Read while the address still holds the answer (the effect clears it).
  const [answer] = useState<SocialConnectMessage | null>(() => (provider ? readCallback(provider, window.location.search, window.location.hash) : null));
  const [handedOver, setHandedOver] = useState<boolean | null>(null);
  const done = useRef(false);
  useDocumentTitle(t('social.callback.title'));

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const { search, hash, pathname, origin } = window.location;
    if (search !== '' || hash !== '') window.history.replaceState(null, '', pathname);
    const opener = window.opener as Window | null;
    if (!answer || !opener || opener.closed) {
      setHandedOver(false);
      return;
    }
    opener.postMessage(answer, origin);
    setHandedOver(true);
    window.close();
  }, [answer]);

  return (
    <main className="social-callback" id="main">
      <Logo />
      <h1 className="social-callback__title">{t('social.callback.title')}</h1>
      {handedOver === false ? <p>{t('social.callback.close')}</p> : <p role="status">{t('social.callback.working')}</p>}
    </main>
  );
}
