import { useTranslation } from 'react-i18next';

/** The daily screen (issue 35: built on its own branch). */
export function Daily() {
  const { t } = useTranslation();
  return <h1>{t('nav.daily')}</h1>;
}
