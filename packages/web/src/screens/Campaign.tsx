import { useTranslation } from 'react-i18next';

/** The campaign screen (issue 35: built on its own branch). */
export function Campaign() {
  const { t } = useTranslation();
  return <h1>{t('nav.campaign')}</h1>;
}
