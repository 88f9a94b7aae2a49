import { useEffect, useEffectEvent, useState, type KeyboardEvent } from 'react';
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/translate';
import { newKey, valueError, type ValueDraft } from './model';
import { DragHandle, SortableList } from './Sortable';

interface Props {
  values: ValueDraft[];
  onChange: (values: ValueDraft[]) => void;
  /** 96 inside an attribute, 64 in the pick list manager (spec 2 §9). */
  max: number;
  readOnly?: boolean;
  /** Values of lists linked to a global pick list keep their order. */
  reorderable?: boolean;
  /** True while a new value is typed or a value is being edited (saving waits for it). */
  onPendingChange?: (pending: boolean) => void;
  /** Shown under the list (e.g. 'needs value'). */
  error?: string | null;
  testId: string;
}

/**
 * Pick list values (spec 2 §4): add, edit inline with accept and cancel, delete, and drag to
 * reorder; the orders are renumbered from the list positions when saved.
 */
export function PickListValuesEditor({
  values,
  onChange,
  max,
  readOnly,
  reorderable = true,
  onPendingChange,
  error,
  testId,
}: Props) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const [input, setInput] = useState('');
  const [editing, setEditing] = useState<{ key: string; text: string } | null>(null);

  // The parent's callback may be a new function on every render; only a change of what is pending is reported.
  const reportPending = useEffectEvent((pending: boolean) => onPendingChange?.(pending));
  useEffect(() => reportPending(input.trim() !== '' || editing !== null), [input, editing]);

  const inputError = input.trim()
    ? valueError(
        input,
        values.map((v) => v.value),
        max,
      )
    : null;
  const editError = editing
    ? valueError(
        editing.text,
        values.filter((v) => v.key !== editing.key).map((v) => v.value),
        max,
      )
    : null;

  const add = () => {
    if (!input.trim() || inputError) return;
    onChange([...values, { key: newKey('value'), value: input.trim() }]);
    setInput('');
  };
  const accept = () => {
    if (!editing || editError) return;
    onChange(values.map((v) => (v.key === editing.key ? { ...v, value: editing.text.trim() } : v)));
    setEditing(null);
  };
  const onAddKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const onEditKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      accept();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setEditing(null);
    }
  };

  return (
    <Box data-testid={testId}>
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
          <TextField
            size="small"
            fullWidth
            label={label('app.dictionary.picklist.new-value')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onAddKey}
            error={Boolean(inputError)}
            helperText={
              inputError ? t(inputError) : intl.formatMessage({ id: 'app.dictionary.picklist.value-hint' }, { max })
            }
            slotProps={{ htmlInput: { 'data-testid': `${testId}-new`, maxLength: max + 1 } }}
          />
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={add}
            disabled={!input.trim() || Boolean(inputError)}
            sx={{ flexShrink: 0, mt: '2px' }}
            data-testid={`${testId}-add`}
          >
            {label('app.dictionary.add')}
          </Button>
        </Stack>
      )}
      {values.length === 0 ? (
        <Typography
          variant="body2"
          color={error ? 'error' : 'text.secondary'}
          sx={{ py: 1 }}
          data-testid={`${testId}-empty`}
        >
          {t(error ?? 'app.dictionary.picklist.no-values')}
        </Typography>
      ) : (
        <Box
          role="list"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
          aria-label={label('app.dictionary.picklist.values')}
        >
          <SortableList
            items={values}
            getId={(v) => v.key}
            getLabel={(v) => v.value}
            disabled={readOnly || !reorderable || editing !== null}
            onReorder={(ids) => onChange(ids.map((id) => values.find((v) => v.key === id)!))}
          >
            {(v, handle) => (
              <Box
                role="listitem"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  px: 1,
                  minHeight: 44,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                }}
                data-testid={`${testId}-row`}
                data-value={v.value}
              >
                {handle && (
                  <DragHandle
                    handle={handle}
                    label={intl.formatMessage({ id: 'app.dictionary.drag.handle' }, { name: v.value })}
                    testId={`${testId}-handle`}
                  />
                )}
                {editing?.key === v.key ? (
                  <>
                    <TextField
                      size="small"
                      fullWidth
                      autoFocus
                      value={editing.text}
                      onChange={(e) => setEditing({ key: v.key, text: e.target.value })}
                      onKeyDown={onEditKey}
                      error={Boolean(editError)}
                      helperText={editError ? t(editError) : undefined}
                      slotProps={{
                        htmlInput: {
                          'data-testid': `${testId}-edit-input`,
                          maxLength: max + 1,
                          'aria-label': intl.formatMessage(
                            { id: 'app.dictionary.picklist.edit-value' },
                            { name: v.value },
                          ),
                        },
                      }}
                      sx={{ my: 0.5 }}
                    />
                    <Tooltip title={label('app.dictionary.accept')}>
                      <span>
                        <IconButton
                          size="small"
                          onClick={accept}
                          disabled={Boolean(editError)}
                          aria-label={label('app.dictionary.accept')}
                          data-testid={`${testId}-accept`}
                        >
                          <CheckIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={label('app.cancel')}>
                      <IconButton
                        size="small"
                        onClick={() => setEditing(null)}
                        aria-label={label('app.cancel')}
                        data-testid={`${testId}-cancel`}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                ) : (
                  <>
                    <Typography
                      variant="body2"
                      sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word', pl: handle ? 0 : 1 }}
                      data-testid={`${testId}-text`}
                    >
                      {v.value}
                    </Typography>
                    {!readOnly && (
                      <>
                        <Tooltip title={label('app.dictionary.edit')}>
                          <span>
                            <IconButton
                              size="small"
                              disabled={editing !== null}
                              onClick={() => setEditing({ key: v.key, text: v.value })}
                              aria-label={intl.formatMessage(
                                { id: 'app.dictionary.picklist.edit-value' },
                                { name: v.value },
                              )}
                              data-testid={`${testId}-edit`}
                            >
                              <EditOutlinedIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title={label('app.dictionary.delete')}>
                          <span>
                            <IconButton
                              size="small"
                              disabled={editing !== null}
                              onClick={() => onChange(values.filter((x) => x.key !== v.key))}
                              aria-label={intl.formatMessage(
                                { id: 'app.dictionary.picklist.delete-value' },
                                { name: v.value },
                              )}
                              data-testid={`${testId}-delete`}
                            >
                              <DeleteOutlineIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </>
                    )}
                  </>
                )}
              </Box>
            )}
          </SortableList>
        </Box>
      )}
    </Box>
  );
}
