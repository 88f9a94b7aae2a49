import type { ReactNode } from 'react';
import {
  Box,
  Card,
  Divider,
  FormControlLabel,
  Radio,
  RadioGroup,
  Switch,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import { usePreferences } from '../app/preferences-store';
import { useSettingsAccess } from './access';
import { PageHeader } from './PageHeader';

/** One setting: its name and explanation on the left, the control on the right (stacked on phones). */
function PrefRow({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: { xs: 1, sm: 3 },
        px: { xs: 2, sm: 3 },
        py: 2,
      }}
    >
      <Box sx={{ flex: 1 }}>
        <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/**
 * /settings/user-prefs (spec 1 §2.11). Changes apply at once and are saved by the preferences
 * store 5 s after the last one.
 */
export function UserPrefsPage() {
  const intl = useIntl();
  const prefs = usePreferences((s) => s.prefs);
  const update = usePreferences((s) => s.update);
  const isPlus = useSettingsAccess()?.isPlus ?? false;
  const label = (id: string) => intl.formatMessage({ id });
  // Switch after its label on wide rows; before it on phones so long labels wrap cleanly.
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'), { noSsr: true });

  const toggle = (id: string, checked: boolean, onChange: (checked: boolean) => void, testId: string) => (
    <FormControlLabel
      label={label(id)}
      labelPlacement={wide ? 'start' : 'end'}
      sx={wide ? { ml: 0 } : { ml: -1 }}
      control={
        <Switch
          checked={checked}
          onChange={(_, c) => onChange(c)}
          slotProps={{ input: { 'data-testid': testId } as object }}
        />
      }
    />
  );

  return (
    <>
      <PageHeader title={label('app.settings.user-prefs')} subtitle={label('app.prefs.subtitle')} />
      <Card variant="outlined">
        <PrefRow id="pref-theme" title={label('app.prefs.theme')} hint={label('app.prefs.theme.hint')}>
          {toggle(
            'app.prefs.theme.dark',
            prefs.theme === 'dark',
            (c) => update({ theme: c ? 'dark' : 'light' }),
            'pref-theme-dark',
          )}
        </PrefRow>
        {!isPlus && (
          <>
            <Divider />
            <PrefRow
              id="pref-map-controls"
              title={label('app.prefs.map-controls')}
              hint={label('app.prefs.map-controls.hint')}
            >
              {toggle(
                'app.prefs.map-controls.show',
                prefs.showMapUIControls,
                (c) => update({ showMapUIControls: c }),
                'pref-map-controls',
              )}
            </PrefRow>
            <Divider />
            <PrefRow id="pref-units" title={label('app.prefs.units')} hint={label('app.prefs.units.hint')}>
              <RadioGroup
                row
                aria-labelledby="pref-units"
                value={prefs.showMetricUnits ? 'metric' : 'imperial'}
                onChange={(e) => update({ showMetricUnits: e.target.value === 'metric' })}
              >
                <FormControlLabel value="metric" control={<Radio />} label={label('app.prefs.units.metric')} />
                <FormControlLabel value="imperial" control={<Radio />} label={label('app.prefs.units.imperial')} />
              </RadioGroup>
            </PrefRow>
          </>
        )}
        <Divider />
        <PrefRow id="pref-panel" title={label('app.prefs.panel')} hint={label('app.prefs.panel.hint')}>
          <RadioGroup
            row
            aria-labelledby="pref-panel"
            value={prefs.projectPanelTemporary ? 'temporary' : 'persistent'}
            onChange={(e) => update({ projectPanelTemporary: e.target.value === 'temporary' })}
          >
            <FormControlLabel value="temporary" control={<Radio />} label={label('app.prefs.panel.temporary')} />
            <FormControlLabel value="persistent" control={<Radio />} label={label('app.prefs.panel.persistent')} />
          </RadioGroup>
        </PrefRow>
        <Divider />
        <PrefRow id="pref-local" title={label('app.prefs.local')} hint={label('app.prefs.local.hint')}>
          {toggle(
            'app.prefs.local.switch',
            Boolean(prefs.useLocalPrefs),
            (c) => update({ useLocalPrefs: c }),
            'pref-local',
          )}
        </PrefRow>
      </Card>
    </>
  );
}
