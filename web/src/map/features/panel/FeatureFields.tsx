import { useId, useState } from 'react';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useIntl } from 'react-intl';
import { sortedFields } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import type { Layer } from '../../../api/projects';
import { Breakable } from './Breakable';
import { formatFieldValue } from './field-values';
import { FieldValuesEditor } from './FieldValuesEditor';

/**
 * The INFO tab's "Fields" section (issue #10 §1): the layer's typed fields in their order with the
 * feature's values formatted for the user's locale, and for those who may edit the feature, typed
 * inputs saved through the feature update. Nothing shows for a layer without fields.
 */
export function FeatureFields({
  feature,
  layer,
  writable,
}: {
  feature: FeatureOut;
  layer: Layer | undefined;
  writable: boolean;
}) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const fields = sortedFields(layer?.fields ?? []);
  if (fields.length === 0) return null;
  const values = feature.properties.fieldValues ?? {};

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ borderTop: 1, borderColor: 'divider' }}
      data-testid="feature-fields"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {label('app.feature.fields')}
        </Typography>
        {writable && !editing && (
          <Tooltip title={label('app.feature.fields.edit')}>
            <IconButton
              size="small"
              aria-label={label('app.feature.fields.edit')}
              onClick={() => setEditing(true)}
              data-testid="feature-fields-edit"
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {editing ? (
        <FieldValuesEditor feature={feature} fields={fields} headingId={headingId} onDone={() => setEditing(false)} />
      ) : (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(90px, 40%) minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.75,
            m: 0,
            px: 2,
            pt: 0.5,
            pb: 1.5,
          }}
        >
          {fields.map((f) => (
            <Box key={f.name} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
                <Breakable text={f.name} />
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{
                  m: 0,
                  overflowWrap: 'break-word',
                  whiteSpace: 'pre-line',
                  textAlign: f.type === 'integer' || f.type === 'real' ? 'end' : 'start',
                  fontVariantNumeric: 'tabular-nums',
                }}
                data-testid={`feature-field-${f.name}`}
              >
                <Breakable text={formatFieldValue(intl, f, values[f.name])} />
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
