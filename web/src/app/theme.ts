import { createTheme, type Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

// System fonts only: the app must look right with no internet access (no web-font download).
const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Noto Sans CJK SC"',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  'sans-serif',
].join(',');

/** Light and dark themes of the app (spec 1 §9); the mode comes from preferences or the OS. */
export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#6fcfb0' : '#1f6f5c', contrastText: dark ? '#062a21' : '#ffffff' },
      secondary: { main: dark ? '#f2b872' : '#b4621a' },
      background: dark ? { default: '#111715', paper: '#18201d' } : { default: '#f4f6f5', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}
