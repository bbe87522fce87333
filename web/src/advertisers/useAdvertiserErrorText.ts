import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../boards/rules';
import { advertiserErrorCode } from './rules';

/** A failure's words: ours for the advertiser codes (the contracts' words), else the server's message, else the generic one. */
export function useAdvertiserErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    const code = advertiserErrorCode(error);
    return code ? t(`errors.${code}`) : serverErrorText(error, t('advertisers.failed'));
  };
}
