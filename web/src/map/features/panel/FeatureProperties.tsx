import type { ReactNode } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import type { FeatureOut } from '../../../api/features';
import type { Dictionary } from '../../../api/dictionaries';
import { attributeType, findComponent, valuesOfFeature } from '../dialogs/attribute-form';
import { freeProperties } from './feature-fields';
import { Breakable } from './Breakable';

interface Row {
  key: string;
  label: string;
  value: ReactNode;
}

/** INFO tab properties: classification, formatted attribute values, and who created and changed it when. */
export function FeatureProperties({
  feature,
  dictionary,
}: {
  feature: FeatureOut;
  dictionary: Dictionary | undefined;
}) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const p = feature.properties;
  const ownDictionary = !!p.dictionary_id && p.dictionary_id === dictionary?.id;
  const system = ownDictionary ? dictionary?.systems.find((s) => s.id === p.system_id) : undefined;
  const component = ownDictionary
    ? findComponent(dictionary, { systemId: p.system_id ?? '', componentId: p.component_id ?? '' })
    : undefined;
  const values = valuesOfFeature(p.attributes);
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  const format = (type: string, v: string): ReactNode => {
    if (v === '') return '—';
    if (type === 'Boolean') return label(v === 'true' ? 'app.feature.attribute.true' : 'app.feature.attribute.false');
    if (type === 'Hyperlink')
      return (
        <Link href={/^https?:\/\//i.test(v) ? v : `https://${v}`} target="_blank" rel="noopener noreferrer">
          {v}
        </Link>
      );
    return v;
  };

  const rows: Row[] = [];
  if (p.dictionary_id) {
    rows.push({
      key: 'dictionary',
      label: label('app.feature.dictionary'),
      value: ownDictionary ? dictionary?.name : label('app.feature.dictionary.other'),
    });
    rows.push({ key: 'system', label: label('app.feature.system'), value: system?.name ?? '—' });
    rows.push({ key: 'component', label: label('app.feature.component'), value: component?.alias ?? '—' });
    for (const a of component?.attributes ?? [])
      rows.push({ key: `attr-${a.name}`, label: a.name, value: format(attributeType(a), values[a.id] ?? '') });
  } else {
    for (const [k, v] of Object.entries(freeProperties(feature)))
      rows.push({ key: `prop-${k}`, label: k, value: v || '—' });
  }
  rows.push({
    key: 'created',
    label: label('app.feature.created'),
    value: `${when(p.created)}${p.created_by_email ? ` · ${p.created_by_email}` : ''}`,
  });
  rows.push({
    key: 'modified',
    label: label('app.feature.modified'),
    value: `${when(p.modified)}${p.modified_by_email ? ` · ${p.modified_by_email}` : ''}`,
  });

  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(110px, 40%) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
        px: 2,
        py: 1.5,
      }}
      data-testid="feature-properties"
    >
      {rows.map((r) => (
        <Box key={r.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
            <Breakable text={r.label} />
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'break-word' }}
            data-testid={`feature-${r.key}`}
          >
            {typeof r.value === 'string' ? <Breakable text={r.value} /> : r.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
