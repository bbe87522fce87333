import type { SignInProvider } from '@pinhive/contracts';
import { useTranslation } from 'react-i18next';
import { FormMessageText } from '../auth/FormMessageText';
import type { ShownFailure } from './useProviderAttempt';

/** The words of a provider attempt's failure: a message, or the provider's "isn't available" title and text. */
export function ProviderFailureText({ failure, provider }: { failure: ShownFailure; provider: SignInProvider }) {
  const { t } = useTranslation();
  if (failure.type === 'message') return <FormMessageText message={failure.message} />;
  return (
    <>
      <strong className="provider-failure__title">{t(`social.unavailable.${provider}.title`)}</strong>{' '}
      <span>{t(`social.unavailable.${provider}.text`)}</span>
    </>
  );
}
