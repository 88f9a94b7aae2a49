import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
  state?: unknown;
}

/** Settings › Data dictionaries › … ; the last crumb is the current page. */
export function DictionaryBreadcrumbs({
  trail,
  testId = 'dictionary-breadcrumbs',
}: {
  trail: Crumb[];
  testId?: string;
}) {
  const intl = useIntl();
  const crumbs: Crumb[] = [{ label: intl.formatMessage({ id: 'app.settings.home' }), to: '/settings/home' }, ...trail];
  return (
    <Breadcrumbs
      aria-label={intl.formatMessage({ id: 'app.dictionary.breadcrumbs' })}
      sx={{ mb: 1.5 }}
      data-testid={testId}
    >
      {crumbs.map((c, i) =>
        c.to && i < crumbs.length - 1 ? (
          <Link key={i} component={RouterLink} to={c.to} state={c.state} underline="hover" color="inherit">
            {c.label}
          </Link>
        ) : (
          <Typography key={i} color="text.primary" aria-current="page" sx={{ wordBreak: 'break-word' }}>
            {c.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
