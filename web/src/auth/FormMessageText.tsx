import type { MouseEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { busyProps } from '../components/busy';
import type { FormMessage } from './formMessage';
import { passwordResetPath } from './paths';

interface ResetLink {
  /** The typed email: the forgot-password call is for it, and the link's own address carries it. */
  email: string;
  /** Starts the forgot-password call (then the password-reset-sent modal opens). */
  start: () => void;
  busy: boolean;
}

interface FormMessageTextProps {
  message: FormMessage;
  /** Makes "Reset your password" in the wrong-password message a working link. */
  reset?: ResetLink;
}

/**
 * The words of a form message. In the wrong-password message, "Reset your password" is a link:
 * a plain click starts the forgot-password call; opened in a new tab (or without JavaScript) it
 * is the password-recovery page for the typed email. A link, not a button, also keeps the
 * field's accessible description exactly the spec's sentence (Chromium adds a space after a
 * button there).
 */
export function FormMessageText({ message, reset }: FormMessageTextProps) {
  const { t } = useTranslation();
  switch (message.source) {
    case 'validation':
      return <>{t(`validation.${message.code}`)}</>;
    case 'social':
      return <>{t(`social.messages.${message.code}`)}</>;
    case 'server':
      return <>{message.text}</>;
    case 'error': {
      if (message.code !== 'password_incorrect' || !reset) return <>{t(`errors.${message.code}`)}</>;
      const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (!reset.busy) reset.start();
      };
      return (
        <Trans
          i18nKey="auth.passwordIncorrect"
          components={{ reset: <a href={passwordResetPath(reset.email)} className="text-link" onClick={onClick} {...busyProps(reset.busy)} /> }}
        />
      );
    }
  }
}

/**
 * The message of each field of an auth form, with "Reset your password" starting a reset for
 * the typed email (log-in and sign-up show the same wrong-password message).
 */
export function fieldMessages<F extends string>(
  errors: Partial<Record<F, FormMessage>>,
  email: string,
  forgot: { mutate: (email: string) => void; isPending: boolean },
) {
  const typed = email.trim();
  return (field: F) => {
    const message = errors[field];
    return message ? <FormMessageText message={message} reset={{ email: typed, start: () => forgot.mutate(typed), busy: forgot.isPending }} /> : undefined;
  };
}

/** A form-level message in the alert box above the fields; nothing when there is none. */
export function FormAlert({ message, reset }: { message: FormMessage | null; reset?: ResetLink }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      <FormMessageText message={message} reset={reset} />
    </div>
  );
}
