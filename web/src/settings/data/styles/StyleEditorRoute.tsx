import { Suspense, lazy } from 'react';
import { useIntl } from 'react-intl';
import { CenteredProgress } from '../../../app/CenteredProgress';

// CodeMirror is only fetched when someone opens a style (the main bundle stays small).
const StyleEditorPage = lazy(() => import('./StyleEditorPage'));

/** /settings/data/style/edit: the style editor, loaded on demand. */
export function StyleEditorRoute() {
  const intl = useIntl();
  return (
    <Suspense fallback={<CenteredProgress label={intl.formatMessage({ id: 'app.loading' })} />}>
      <StyleEditorPage />
    </Suspense>
  );
}
