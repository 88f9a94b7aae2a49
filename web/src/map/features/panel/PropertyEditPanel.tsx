import { Alert, Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { FREE_TEXT_MAX } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { useT } from '../../../i18n/translate';
import { freeProperties, STYLE_KEYS } from './feature-fields';
import { useFeatureSave } from './useFeatureSave';

type Row = { key: string; value: string };

/** Generic property panel for features without dictionary classification (spec 3 §2): styles and free text ≤ 256. */
export function PropertyEditPanel({ feature, onDone }: { feature: FeatureOut; onDone: () => void }) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const current = freeProperties(feature);
  const [styles, setStyles] = useState<Record<string, string>>(
    Object.fromEntries(STYLE_KEYS.map((k) => [k, current[k] ?? ''])),
  );
  const [rows, setRows] = useState<Row[]>(
    Object.entries(current)
      .filter(([k]) => !(STYLE_KEYS as readonly string[]).includes(k))
      .map(([key, value]) => ({ key, value })),
  );
  const { save, error, busy } = useFeatureSave(feature);
  const tooLong = (v: string) => v.length > FREE_TEXT_MAX;
  const keys = rows.map((r) => r.key.trim());
  const invalid =
    [...Object.values(styles), ...rows.map((r) => r.value), ...keys].some(tooLong) ||
    keys.some((k) => !k) ||
    new Set(keys).size !== keys.length;

  const submit = async () => {
    const properties = Object.fromEntries([
      ...Object.entries(styles).filter(([, v]) => v.trim()),
      ...rows.map((r) => [r.key.trim(), r.value]),
    ]);
    if (await save({ properties })) onDone();
  };
  const tooLongText = label('app.feature.error.text-too-long');

  return (
    <Box
      component="section"
      aria-label={label('app.feature.edit.properties')}
      sx={{ px: 2, py: 1.5 }}
      data-testid="property-edit-panel"
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {label('app.feature.edit.properties')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t(error)}
        </Alert>
      )}
      <Stack spacing={1.5}>
        {STYLE_KEYS.map((k) => (
          <TextField
            key={k}
            size="small"
            label={label(`app.feature.${k.replace('_', '-')}`)}
            value={styles[k]}
            error={tooLong(styles[k])}
            helperText={tooLong(styles[k]) ? tooLongText : undefined}
            onChange={(e) => setStyles((s) => ({ ...s, [k]: e.target.value }))}
          />
        ))}
        {rows.map((r, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={label('app.feature.property.name')}
              value={r.key}
              sx={{ flex: 1 }}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))}
            />
            <TextField
              size="small"
              label={label('app.feature.property.value')}
              value={r.value}
              sx={{ flex: 2 }}
              error={tooLong(r.value)}
              helperText={tooLong(r.value) ? tooLongText : undefined}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            />
            <IconButton
              aria-label={label('app.feature.property.remove')}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={() => setRows([...rows, { key: '', value: '' }])}
          sx={{ alignSelf: 'flex-start' }}
        >
          {label('app.feature.property.add')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onDone} disabled={busy}>
          {label('app.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || invalid} data-testid="property-edit-save">
          {label('app.save')}
        </Button>
      </Stack>
    </Box>
  );
}
