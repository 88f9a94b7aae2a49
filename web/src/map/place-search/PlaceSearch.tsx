import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Box, InputAdornment, Paper, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import PlaceIcon from '@mui/icons-material/Place';
import { useIntl } from 'react-intl';
import { useDebounced } from '../../app/use-debounced';
import { loadAtlas } from '../basemap/load-atlas';
import { parseLatLng, type LatLng } from '../controls/coordinates';
import { fitLonLatExtent } from '../controls/map-actions';
import { useMap } from '../ol/MapContext';
import { MAP_DEFAULTS } from '../ol/map-defaults';
import { showMarker } from '../ol/marker';
import { centreOn } from '../ol/view';
import { useMapSettings } from '../basemap/use-map-settings';
import { searchPlaces, type Place } from './gazetteer';
import { hasProviderSearch, searchWithProvider } from './provider-search';

/** Place search debounce (spec 3 §9). */
const DEBOUNCE_MS = 200;
/** Zoom when a city is chosen (cities have no extent in the gazetteer). */
const CITY_ZOOM = 11;

type Option = { kind: 'coordinates'; at: LatLng } | { kind: 'place'; place: Place };

/**
 * Place and coordinate search (spec 3 §2): the configured provider's search when it has a key, else
 * the bundled gazetteer of countries, US states and large cities (also the fallback when the provider
 * fails); `lat, lng` centres the map at zoom 15 and drops a marker.
 */
export function PlaceSearch() {
  const intl = useIntl();
  const map = useMap();
  const [input, setInput] = useState('');
  const [places, setPlaces] = useState<Place[] | null>(null);
  const query = useDebounced(input, DEBOUNCE_MS);
  const { provider, keys } = useMapSettings();
  const useProvider = hasProviderSearch(provider, keys) && query.trim().length >= 3 && !parseLatLng(query);
  const remote = useQuery({
    queryKey: ['place-search', provider, query.trim()],
    queryFn: ({ signal }) => searchWithProvider(query.trim(), provider, keys, signal),
    enabled: useProvider,
    staleTime: 5 * 60_000,
    retry: false,
  });

  // The gazetteer comes with the basemap chunk; it is usually there before anyone types.
  useEffect(() => {
    let live = true;
    loadAtlas().then(
      (a) => live && setPlaces(a.places),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const options = useMemo<Option[]>(() => {
    const at = parseLatLng(query);
    if (at) return [{ kind: 'coordinates', at }];
    const found = useProvider && remote.data?.length ? remote.data : searchPlaces(places ?? [], query);
    return found.map((place) => ({ kind: 'place', place }));
  }, [query, places, useProvider, remote.data]);

  const go = (option: Option) => {
    if (option.kind === 'coordinates') {
      centreOn(map, option.at.lat, option.at.lng, MAP_DEFAULTS.coordinateSearchZoom);
      showMarker(map, option.at.lat, option.at.lng);
      return;
    }
    const { place } = option;
    if (place.extent) fitLonLatExtent(map, place.extent, 12);
    else centreOn(map, place.center[1], place.center[0], CITY_ZOOM);
  };

  const kindLabel = (p: Place) => intl.formatMessage({ id: `app.map.search.kind.${p.kind}` });
  const optionText = (o: Option) =>
    o.kind === 'coordinates'
      ? `${o.at.lat}, ${o.at.lng}`
      : o.place.country && o.place.kind !== 'country'
        ? `${o.place.name}, ${o.place.country}`
        : o.place.name;

  return (
    <Paper elevation={2} sx={{ width: '100%' }}>
      <Autocomplete<Option, false, false, true>
        freeSolo
        size="small"
        options={options}
        filterOptions={(o) => o}
        inputValue={input}
        onInputChange={(_, value) => setInput(value)}
        getOptionLabel={(o) => (typeof o === 'string' ? o : optionText(o))}
        onChange={(_, value) => {
          if (!value) return;
          // Enter on typed text: coordinates go straight there, a name takes the best match.
          const option =
            typeof value === 'string'
              ? parseLatLng(value)
                ? ({ kind: 'coordinates', at: parseLatLng(value)! } as Option)
                : options[0]
              : value;
          if (option) go(option);
        }}
        noOptionsText={intl.formatMessage({ id: 'app.map.search.none' })}
        renderOption={(props, o) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={key} {...rest} sx={{ gap: 1 }} data-testid="place-option">
              <PlaceIcon fontSize="small" color="action" />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {o.kind === 'coordinates'
                    ? intl.formatMessage({ id: 'app.map.search.coordinates' }, { coordinates: optionText(o) })
                    : optionText(o)}
                </Typography>
                {o.kind === 'place' && (
                  <Typography variant="caption" color="text.secondary">
                    {kindLabel(o.place)}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            margin="none"
            placeholder={intl.formatMessage({ id: 'app.map.search.placeholder' })}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-label': intl.formatMessage({ id: 'app.map.search.label' }),
                'data-testid': 'place-search',
              },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
    </Paper>
  );
}
