import { useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/Dialog';
import { LogoMark } from '../components/Logo';
import { BOOKMARKLET_SETTINGS_PATH, CLAIM_SETTINGS_PATH } from '../settings/paths';

/**
 * Where Install now / Get it now lead. Pinhive has no store-listed browser extension yet: its
 * Save button is the bookmarklet, set up on this page (docs/decisions/upsells.md).
 */
export const EXTENSION_INSTALL_PATH = BOOKMARKLET_SETTINGS_PATH;

/** After a create ('after_create'), or in the pin builder ('pin_builder': 'Find it. Love it. Save it.' and Get it now). */
export type ExtensionUpsellVariant = 'after_create' | 'pin_builder';

interface ExtensionUpsellModalProps {
  variant?: ExtensionUpsellVariant;
  /** Install now / Get it now was followed (the modal closes as the page changes). */
  onInstall: () => void;
  /** Cancel, Escape, the close button or the backdrop. */
  onClose: () => void;
}

interface UpsellDialogProps {
  variant?: string;
  title: string;
  /** The text under the title, given the id the dialog is described by. */
  body: (bodyId: string) => ReactNode;
  cancel: string;
  /** The primary link, which has the focus. */
  action: { text: string; to: string; onClick: () => void };
  onClose: () => void;
}

/** The frame both upsell modals share: logo, title, text, Cancel and the focused primary link. */
function UpsellDialog({ variant, title, body, cancel, action, onClose }: UpsellDialogProps) {
  const id = useId();
  const primary = useRef<HTMLAnchorElement>(null);
  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-body`} onClose={onClose} className="dialog--upsell" initialFocus={primary}>
      <div className="upsell" data-variant={variant}>
        <LogoMark size={40} />
        <h2 className="upsell__title" id={`${id}-title`}>
          {title}
        </h2>
        {body(`${id}-body`)}
        <div className="upsell__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {cancel}
          </button>
          <Link ref={primary} to={action.to} className="button button--primary" onClick={action.onClick}>
            {action.text}
          </Link>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The browser-extension upsell modal (saving-boards-ads.md section 2): headings 'Get the Pinhive
 * browser button' and 'Save creative ideas from around the web' (the pin-builder variant: 'Find
 * it. Love it. Save it.'), buttons Install now (Get it now) and Cancel. Install has the focus.
 */
export function ExtensionUpsellModal({ variant = 'after_create', onInstall, onClose }: ExtensionUpsellModalProps) {
  const { t } = useTranslation();
  const builder = variant === 'pin_builder';
  return (
    <UpsellDialog
      variant={variant}
      title={builder ? t('upsells.extension.builderTitle') : t('upsells.extension.title')}
      body={(bodyId) => (
        <h3 className="upsell__subtitle" id={bodyId}>
          {t('upsells.extension.body')}
        </h3>
      )}
      cancel={t('upsells.extension.cancel')}
      action={{ text: builder ? t('upsells.extension.builderInstall') : t('upsells.extension.install'), to: EXTENSION_INSTALL_PATH, onClick: onInstall }}
      onClose={onClose}
    />
  );
}

/**
 * The separate extension install prompt (section 2): install and skip, not modal, for a page
 * that offers the extension in place (the pin builder). Skip stops the nags for good.
 */
export function ExtensionInstallPrompt({ onInstall, onSkip }: { onInstall: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="upsell-prompt" aria-labelledby={`${id}-title`}>
      <LogoMark size={32} />
      <div className="upsell-prompt__text">
        <h2 className="upsell-prompt__title" id={`${id}-title`}>
          {t('upsells.installPrompt.title')}
        </h2>
        <p>{t('upsells.installPrompt.body')}</p>
      </div>
      <div className="upsell-prompt__actions">
        <button type="button" className="button button--secondary" onClick={onSkip}>
          {t('upsells.installPrompt.skip')}
        </button>
        <Link to={EXTENSION_INSTALL_PATH} className="button button--primary" onClick={onInstall}>
          {t('upsells.installPrompt.install')}
        </Link>
      </div>
    </section>
  );
}

/** The connect-account upsell modal (section 2): its button leads to /settings/claim/. */
export function ConnectAccountUpsellModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <UpsellDialog
      title={t('upsells.connect.title')}
      body={(bodyId) => (
        <p className="upsell__body" id={bodyId}>
          {t('upsells.connect.body')}
        </p>
      )}
      cancel={t('upsells.connect.cancel')}
      action={{ text: t('upsells.connect.button'), to: CLAIM_SETTINGS_PATH, onClick: onClose }}
      onClose={onClose}
    />
  );
}
