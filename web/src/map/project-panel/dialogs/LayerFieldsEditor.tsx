import { useId, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useIntl } from 'react-intl';
import { FIELD_LIMITS, FIELD_MSG, FIELD_TYPES } from '@fieldbook/domain';
import { moveRow, newRow, type FieldRow } from './layer-field-rows';

interface Props {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  /** Message ids of each row's name error (rowErrors), and a list-wide one. */
  errors: { names: Array<string | undefined>; list?: string };
  /** Layer admins edit; others see the list. */
  editable: boolean;
}

/**
 * The layer dialog's typed fields (issue #10 §1): name, type and order of each; add, rename, reorder
 * and remove. A stored field keeps its type (the server refuses a change: remove it and add another),
 * and removing one asks first, since its values leave the features (they stay in their history).
 */
export function LayerFieldsEditor({ rows, onChange, errors, editable }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const headingId = useId();
  const [removing, setRemoving] = useState<FieldRow | null>(null);
  const typeLabel = (type: string) => t(`app.layer.field.type.${type}`);
  const named = (row: FieldRow) => row.name.trim() || row.previousName || t('app.layer.field.unnamed');
  const update = (index: number, change: Partial<FieldRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const remove = (row: FieldRow) => onChange(rows.filter((r) => r.key !== row.key));

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="layer-fields">
      <Typography id={headingId} variant="subtitle2" component="h3">
        {t('app.layer.fields')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t(editable ? FIELD_MSG.typeChange : 'app.layer.fields.admin-only')}
      </Typography>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('app.layer.fields.none')}
        </Typography>
      )}
      {!editable ? (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rows.map((r) => (
            <Box
              component="li"
              key={r.key}
              sx={{ display: 'flex', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
              data-testid={`layer-field-${r.name}`}
            >
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
                {r.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {typeLabel(r.type)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Stack component="ol" spacing={2} sx={{ m: 0, mb: 1, p: 0, pt: 1, listStyle: 'none' }}>
          {rows.map((r, i) => (
            <Box
              component="li"
              key={r.key}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 1, rowGap: 1.5 }}
              data-testid={`layer-field-row-${i}`}
            >
              <TextField
                size="small"
                label={t('app.layer.field.name')}
                value={r.name}
                required
                autoFocus={r.previousName === undefined && r.name === ''}
                onChange={(e) => update(i, { name: e.target.value })}
                error={!!errors.names[i]}
                helperText={errors.names[i] ? t(errors.names[i]) : undefined}
                sx={{ flex: '1 1 150px', minWidth: 0 }}
                slotProps={{
                  htmlInput: { maxLength: FIELD_LIMITS.nameMax + 1, 'data-testid': `layer-field-name-${i}` },
                }}
              />
              {/* The type and the row's buttons stay on one line when a narrow dialog wraps the row. */}
              <Box sx={{ display: 'flex', alignItems: 'center', flex: '1 1 260px', columnGap: 1, minWidth: 0 }}>
                <TextField
                  select
                  size="small"
                  label={t('app.layer.field.type')}
                  value={r.type}
                  disabled={r.previousName !== undefined}
                  onChange={(e) => update(i, { type: e.target.value as FieldRow['type'] })}
                  sx={{ flex: '1 1 auto', minWidth: 0 }}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': `layer-field-type-${i}` } as object } }}
                >
                  {FIELD_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {typeLabel(type)}
                    </MenuItem>
                  ))}
                </TextField>
                <Box
                  sx={{ display: 'flex', alignItems: 'center', flexShrink: 0, '& > span': { display: 'inline-flex' } }}
                >
                  <Tooltip title={t('app.layer.field.up', { name: named(r) })}>
                    <span>
                      <IconButton
                        aria-label={t('app.layer.field.up', { name: named(r) })}
                        disabled={i === 0}
                        onClick={() => onChange(moveRow(rows, i, -1))}
                      >
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('app.layer.field.down', { name: named(r) })}>
                    <span>
                      <IconButton
                        aria-label={t('app.layer.field.down', { name: named(r) })}
                        disabled={i === rows.length - 1}
                        onClick={() => onChange(moveRow(rows, i, 1))}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('app.layer.field.remove', { name: named(r) })}>
                    <IconButton
                      aria-label={t('app.layer.field.remove', { name: named(r) })}
                      onClick={() => (r.previousName === undefined ? remove(r) : setRemoving(r))}
                      data-testid={`layer-field-remove-${i}`}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
            </Box>
          ))}
        </Stack>
      )}
      {errors.list && (
        <Typography variant="caption" color="error" role="alert">
          {t(errors.list)}
        </Typography>
      )}
      {editable && (
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...rows, newRow()])}
          disabled={rows.length >= FIELD_LIMITS.fieldsMax}
          data-testid="layer-field-add"
        >
          {t('app.layer.field.add')}
        </Button>
      )}
      <Dialog open={!!removing} onClose={() => setRemoving(null)} maxWidth="xs" data-testid="layer-field-remove-dialog">
        <DialogTitle>{t('app.layer.field.remove.title', { name: removing ? named(removing) : '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('app.layer.field.remove.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t('app.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (removing) remove(removing);
              setRemoving(null);
            }}
            data-testid="layer-field-remove-confirm"
          >
            {t('app.layer.field.remove.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
