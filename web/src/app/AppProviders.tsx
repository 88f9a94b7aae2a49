import { useEffect, useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { useSession } from '../api/session';
import { CATALOGS, browserLocale } from '../i18n/locale';
import { usePreferences } from './preferences-store';
import { queryClient } from './query-client';
import { createAppTheme, type ThemeMode } from './theme';

/**
 * Theme mode: the user's preference once signed in and loaded; before that (signed-out pages)
 * the operating system's colour scheme.
 */
function useThemeMode(): ThemeMode {
  const osDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const signedIn = useSession((s) => s.session !== null);
  const loaded = usePreferences((s) => s.loaded);
  const theme = usePreferences((s) => s.prefs.theme);
  if (signedIn && loaded) return theme;
  return osDark ? 'dark' : 'light';
}

function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useMemo(browserLocale, []);
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-Hans' : locale;
  }, [locale]);

  return (
    <IntlProvider locale={locale} messages={CATALOGS[locale]} defaultLocale="en">
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>{children}</AppThemeProvider>
      </QueryClientProvider>
    </IntlProvider>
  );
}
