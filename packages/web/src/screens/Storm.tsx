import { useTranslation } from 'react-i18next';

/** The storm screen (issue 35: built on its own branch). */
export function Storm() {
  const { t } = useTranslation();
  return <h1>{t('nav.storm')}</h1>;
}
