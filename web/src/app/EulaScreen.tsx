import { useMemo } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAcceptEula, useEulaHtml } from '../api/accounts';
import { errorMessageOf } from '../api/client';
import { useT } from '../i18n/translate';
import { BlockingScreen } from './BlockingScreen';

/** The body of the served EULA page, without its scripts (it is our own document, shown inline). */
function eulaBody(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, link, meta').forEach((el) => el.remove());
  return doc.body.innerHTML;
}

/** Shown until the user accepts the current web EULA (spec 1 §2.2); agree or log out. */
export function EulaScreen() {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const eula = useEulaHtml();
  const accept = useAcceptEula();
  const body = useMemo(() => (eula.data ? eulaBody(eula.data) : ''), [eula.data]);
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <BlockingScreen
      title={label('app.eula.title')}
      actions={
        <>
          <Button variant="outlined" onClick={() => navigate('/signout')} data-testid="eula-logout">
            {label('app.signout')}
          </Button>
          <Button
            variant="contained"
            onClick={() => accept.mutate()}
            disabled={accept.isPending || !eula.data}
            data-testid="eula-agree"
          >
            {label('app.eula.agree')}
          </Button>
        </>
      }
    >
      {accept.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(errorMessageOf(accept.error))}
        </Alert>
      )}
      {eula.isError && <Alert severity="error">{t(errorMessageOf(eula.error))}</Alert>}
      {eula.isPending && <CircularProgress aria-label={label('app.loading')} />}
      {eula.data && (
        <Box
          tabIndex={0}
          role="region"
          aria-label={label('app.eula.title')}
          data-testid="eula-text"
          sx={{
            maxHeight: '55dvh',
            overflow: 'auto',
            p: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            typography: 'body2',
            '& h1, & h2, & h3': { typography: 'subtitle1', fontWeight: 600 },
          }}
          dangerouslySetInnerHTML={{ __html: body }}
        />
      )}
    </BlockingScreen>
  );
}
