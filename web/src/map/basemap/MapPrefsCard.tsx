import { Card, CardContent, CardHeader, IconButton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useIntl } from 'react-intl';
import { MAP_THEMES, MAP_TYPES, type MapProvider, type MapTheme, type MapType } from './map-prefs';
import { availableProviders, shownType } from './providers';
import { useMapSettings } from './use-map-settings';

/**
 * The map preferences card (spec 3 §2): map type, theme and provider. Type and theme are saved in the
 * project's map preferences at once; the provider is a user preference.
 */
export function MapPrefsCard({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const settings = useMapSettings();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const shown = shownType(settings.provider, settings.type);
  const fallback = shown !== null && shown !== settings.type && settings.type !== 'grid';

  const group = <T extends string>(
    title: string,
    testId: string,
    values: readonly T[],
    value: T,
    idOf: (v: T) => string,
    onChange: (v: T) => void,
  ) => (
    <>
      <Typography
        variant="overline"
        component="h3"
        id={`${testId}-title`}
        sx={{ display: 'block', lineHeight: 2, mt: 1 }}
      >
        {title}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        onChange={(_, v: T | null) => v && onChange(v)}
        aria-labelledby={`${testId}-title`}
        data-testid={testId}
        sx={{ flexWrap: 'wrap' }}
      >
        {values.map((v) => (
          <ToggleButton key={v} value={v} data-testid={`${testId}-${v}`} sx={{ px: 1.25 }}>
            {label(idOf(v))}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </>
  );

  return (
    <Card
      elevation={6}
      role="region"
      aria-labelledby="map-prefs-title"
      data-testid="map-prefs"
      sx={{ width: 340, maxWidth: 'calc(100vw - 24px)', maxHeight: '100%', overflow: 'auto' }}
    >
      <CardHeader
        title={label('app.map.prefs.title')}
        slotProps={{ title: { id: 'map-prefs-title', variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
        action={
          <IconButton
            aria-label={label('app.map.prefs.close')}
            onClick={onClose}
            size="small"
            data-testid="map-prefs-close"
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 0, '&:last-child': { pb: 2 } }}>
        {group<MapType>(
          label('app.map.prefs.type'),
          'map-type',
          MAP_TYPES,
          settings.type,
          (v) => `app.map.type.${v}`,
          (type) => settings.save({ type }),
        )}
        {fallback && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ mt: 0.5 }}
            data-testid="map-type-fallback"
          >
            {label('app.map.prefs.fallback')}
          </Typography>
        )}
        {group<MapTheme>(
          label('app.map.prefs.theme'),
          'map-theme',
          MAP_THEMES,
          settings.theme,
          (v) => `app.map.theme.${v}`,
          (theme) => settings.save({ theme }),
        )}
        {group<MapProvider>(
          label('app.map.prefs.provider'),
          'map-provider',
          availableProviders(settings.keys),
          settings.provider,
          (v) => `app.map.provider.${v}`,
          settings.setProvider,
        )}
      </CardContent>
    </Card>
  );
}
