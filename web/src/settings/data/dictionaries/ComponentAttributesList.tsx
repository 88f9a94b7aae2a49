import { useId } from 'react';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useIntl } from 'react-intl';
import { ATTRIBUTE_TYPE_LABEL, TOKEN_LABEL, isToken, typeOf, type AttributeDraft } from './model';
import { DragHandle, SortableList } from './Sortable';

interface Props {
  attributes: AttributeDraft[];
  /** The list after a reorder or a delete. */
  onChange: (attributes: AttributeDraft[]) => void;
  onAdd: () => void;
  onEdit: (attribute: AttributeDraft) => void;
}

/** The component dialog's attribute list (spec 2 §2): add, edit, delete and drag to reorder. */
export function ComponentAttributesList({ attributes, onChange, onAdd, onEdit }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const typeLabel = (a: AttributeDraft) => {
    const name = typeOf(a);
    return name ? label(ATTRIBUTE_TYPE_LABEL[name]) : '';
  };
  const defaultText = (a: AttributeDraft) => {
    const v = a.defaultValue.trim();
    if (!v) return null;
    return isToken(v) && TOKEN_LABEL[v] ? `${label(TOKEN_LABEL[v])} (${v})` : v;
  };

  return (
    <Box component="section" aria-labelledby={`${titleId}-attributes`}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id={`${titleId}-attributes`} variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
          {label('app.dictionary.attributes')}
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            ({attributes.length})
          </Typography>
        </Typography>
        <Button startIcon={<AddIcon />} onClick={onAdd} data-testid="attribute-add">
          {label('app.dictionary.attribute.add')}
        </Button>
      </Box>
      {attributes.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ py: 1 }} data-testid="attributes-empty">
          {label('app.dictionary.attributes.none')}
        </Typography>
      ) : (
        <Box role="list" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
          <SortableList
            items={attributes}
            getId={(a) => a.key}
            getLabel={(a) => a.name}
            onReorder={(ids) => onChange(ids.map((id) => attributes.find((a) => a.key === id)!))}
          >
            {(a, handle) => (
              <Box
                role="listitem"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 1,
                  py: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                }}
                data-testid="attribute-row"
                data-name={a.name}
              >
                {handle && (
                  <DragHandle
                    handle={handle}
                    label={intl.formatMessage({ id: 'app.dictionary.drag.handle' }, { name: a.name })}
                    testId="attribute-handle"
                  />
                )}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                    {a.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
                    {typeLabel(a)}
                    {defaultText(a) &&
                      ` · ${intl.formatMessage({ id: 'app.dictionary.attribute.default.is' }, { value: defaultText(a) ?? '' })}`}
                    {typeOf(a) !== 'Global Pick List' &&
                      a.values.length > 0 &&
                      ` · ${intl.formatMessage({ id: 'app.dictionary.picklist.value-count' }, { count: a.values.length })}`}
                  </Typography>
                </Box>
                {a.required && <Chip size="small" label={label('app.dictionary.attribute.required.short')} />}
                <Tooltip title={label('app.dictionary.edit')}>
                  <IconButton
                    size="small"
                    onClick={() => onEdit(a)}
                    aria-label={intl.formatMessage({ id: 'app.dictionary.attribute.edit.aria' }, { name: a.name })}
                    data-testid="attribute-edit"
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={label('app.dictionary.delete')}>
                  <IconButton
                    size="small"
                    onClick={() => onChange(attributes.filter((x) => x.key !== a.key))}
                    aria-label={intl.formatMessage({ id: 'app.dictionary.attribute.delete.aria' }, { name: a.name })}
                    data-testid="attribute-delete"
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            )}
          </SortableList>
        </Box>
      )}
    </Box>
  );
}
