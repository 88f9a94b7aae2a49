import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Chip, CircularProgress, Collapse, Dialog, DialogActions, DialogContent, DialogTitle, IconButton,
  List, ListItem, ListItemIcon, ListItemText, Stack, TextField, Tooltip, Typography, useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS, DICTIONARY_MSG, pickListSchema } from '@fieldbook/domain';
import {
  dictionariesApi, useDictionaryMutation, usePickLists, type Dictionary, type PickListUse, type PickListWithUsage,
} from '../../../api/dictionaries';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { schemaErrors } from '../../../app/form';
import { useT } from '../../../i18n/translate';
import type { DictionaryRights } from './dictionary-access';
import { messageIn, snackError, snackSuccess } from './feedback';
import { sameName, type ValueDraft } from './model';
import { PickListValuesEditor } from './PickListValuesEditor';

/** Who may change a list: global lists belong to the organization (its admins), the others to the dictionary. */
export const canManageList = (list: PickListWithUsage, rights: DictionaryRights) =>
  list.isGlobal ? rights.canManageGlobalPickLists : rights.canManagePickLists;

/** Uses grouped system → component → attributes, for the relation tree. */
export function usageTree(usedBy: PickListUse[]): { system: string; components: { component: string; attributes: string[] }[] }[] {
  const systems = new Map<string, Map<string, string[]>>();
  for (const u of usedBy) {
    const components = systems.get(u.system) ?? new Map<string, string[]>();
    components.set(u.component, [...(components.get(u.component) ?? []), u.attribute]);
    systems.set(u.system, components);
  }
  return [...systems].map(([system, components]) => ({
    system,
    components: [...components].map(([component, attributes]) => ({ component, attributes })),
  }));
}

/** Which systems, components and attributes use a pick list (spec 2 §2 relation tree). */
export function PickListUsageTree({ usedBy }: { usedBy: PickListUse[] }) {
  const intl = useIntl();
  if (usedBy.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
        {intl.formatMessage({ id: 'app.dictionary.picklist.unused' })}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={intl.formatMessage({ id: 'app.dictionary.picklist.used-by' })} data-testid="picklist-usage">
      {usageTree(usedBy).map((s) => (
        <ListItem key={s.system} disablePadding sx={{ display: 'block', pl: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', py: 0.5 }}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <AccountTreeOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={s.system} />
          </Box>
          <List dense disablePadding>
            {s.components.map((c) => (
              <ListItem key={c.component} disablePadding sx={{ display: 'block', pl: 3 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', py: 0.25 }}>
                  <ListItemIcon sx={{ minWidth: 28 }}>
                    <CategoryOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={c.component} />
                </Box>
                <List dense disablePadding>
                  {c.attributes.map((a, i) => (
                    <ListItem key={`${a}-${i}`} sx={{ pl: 3, py: 0 }}>
                      <ListItemIcon sx={{ minWidth: 28 }}>
                        <LabelOutlinedIcon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={a} />
                    </ListItem>
                  ))}
                </List>
              </ListItem>
            ))}
          </List>
        </ListItem>
      ))}
    </List>
  );
}

interface ManagerProps {
  open: boolean;
  dictionary: Dictionary;
  rights: DictionaryRights;
  onClose: () => void;
}

/**
 * Pick list manager (spec 2 §2): the dictionary's lists and the organization's global ones, with
 * where each is used; edit or view, delete and (org admins) add a global list.
 */
export function PickListManagerDialog({ open, dictionary, rights, onClose }: ManagerProps) {
  const intl = useIntl();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const small = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const lists = usePickLists(dictionary.id, open);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ list: PickListWithUsage | null } | null>(null);
  const [deleting, setDeleting] = useState<PickListWithUsage | null>(null);
  const remove = useDictionaryMutation((id: string) => dictionariesApi.deletePickList(id));
  const managing = rights.canManagePickLists;
  const items = [...(lists.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => snackSuccess('app.dictionary.picklist.deleted', { name: deleting.name }),
      onError: snackError,
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={small} data-testid="picklist-manager">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {label(managing ? 'app.dictionary.picklists.manage' : 'app.dictionary.picklists.view')}
        </Box>
        {rights.canManageGlobalPickLists && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing({ list: null })} data-testid="picklist-add">
            {label('app.dictionary.picklist.add')}
          </Button>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {lists.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={label('app.dictionary.loading')} />
          </Box>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="picklist-none">
            {label('app.dictionary.picklists.none')}
          </Typography>
        ) : (
          <List disablePadding>
            {items.map((l) => {
              const open = expanded === l.id;
              const can = canManageList(l, rights);
              return (
                <ListItem key={l.id} disablePadding divider sx={{ display: 'block' }} data-testid="picklist-row" data-name={l.name}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{l.name}</Typography>
                      <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                        <Chip
                          size="small"
                          variant="outlined"
                          label={label(l.isGlobal ? 'app.dictionary.picklist.global' : 'app.dictionary.picklist.local')}
                        />
                        <Typography variant="caption" color="text.secondary">
                          {intl.formatMessage({ id: 'app.dictionary.picklist.value-count' }, { count: l.values.length })}
                        </Typography>
                      </Stack>
                    </Box>
                    <Tooltip title={label('app.dictionary.picklist.used-by')}>
                      <Button
                        size="small"
                        onClick={() => setExpanded(open ? null : l.id)}
                        endIcon={open ? <ExpandLess /> : <ExpandMore />}
                        aria-expanded={open}
                        aria-label={intl.formatMessage({ id: 'app.dictionary.picklist.used-by.aria' }, { name: l.name, count: l.usedBy.length })}
                        data-testid="picklist-usage-toggle"
                      >
                        {l.usedBy.length}
                      </Button>
                    </Tooltip>
                    <Tooltip title={label(can ? 'app.dictionary.edit' : 'app.dictionary.view')}>
                      <IconButton
                        onClick={() => setEditing({ list: l })}
                        aria-label={intl.formatMessage({ id: can ? 'app.dictionary.picklist.edit.aria' : 'app.dictionary.picklist.view.aria' }, { name: l.name })}
                        data-testid="picklist-edit"
                      >
                        {can ? <EditOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    {can && (
                      <Tooltip title={label('app.dictionary.delete')}>
                        <IconButton
                          onClick={() => setDeleting(l)}
                          aria-label={intl.formatMessage({ id: 'app.dictionary.picklist.delete.aria' }, { name: l.name })}
                          data-testid="picklist-delete"
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                  <Collapse in={open} unmountOnExit>
                    <Box sx={{ pb: 1 }}>
                      <PickListUsageTree usedBy={l.usedBy} />
                    </Box>
                  </Collapse>
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="picklist-manager-close">
          {label('app.close')}
        </Button>
      </DialogActions>
      <PickListEditDialog
        open={editing !== null}
        list={editing?.list ?? null}
        readOnly={editing?.list ? !canManageList(editing.list, rights) : !rights.canManageGlobalPickLists}
        dictionary={dictionary}
        globalNames={items.filter((l) => l.isGlobal && l.id !== editing?.list?.id).map((l) => l.name)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={label('app.dictionary.picklist.delete.title')}
        confirmLabel={label('app.dictionary.delete')}
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="picklist-delete-dialog"
      >
        {intl.formatMessage({ id: 'app.dictionary.picklist.delete.confirm' }, { name: deleting?.name ?? '', count: deleting?.usedBy.length ?? 0 })}
      </ConfirmDialog>
    </Dialog>
  );
}

interface EditProps {
  open: boolean;
  /** The list to edit or view; a new global list when null. */
  list: PickListWithUsage | null;
  readOnly: boolean;
  dictionary: Dictionary;
  /** Names of the organization's other global lists (a new global name must differ). */
  globalNames: string[];
  onClose: () => void;
}

const valuesOf = (list: PickListWithUsage | null): ValueDraft[] =>
  [...(list?.values ?? [])].sort((a, b) => a.order - b.order).map((v) => ({ key: v.id, id: v.id, value: v.value }));

/**
 * Edit or view one pick list (spec 2 §5): name (max 48) and values (max 64 here), saved only when
 * something changed, with at least one value and nothing left half-typed.
 */
export function PickListEditDialog({ open, list, readOnly, dictionary, globalNames, onClose }: EditProps) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const [name, setName] = useState('');
  const [values, setValues] = useState<ValueDraft[]>([]);
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const isGlobal = list ? list.isGlobal : true;
  const save = useDictionaryMutation(async () => {
    const body = {
      name: name.trim(),
      values: values.map((v, order) => ({ ...(v.id ? { id: v.id } : {}), value: v.value, order })),
      isGlobal,
      organizationId: list ? list.organizationId : dictionary.organizationId,
      dictionaryId: list ? list.dictionaryId : null,
    };
    return list ? dictionariesApi.updatePickList(list.id, { ...body, id: list.id }, true) : dictionariesApi.createPickList(body, true);
  });

  useEffect(() => {
    if (!open) return;
    setName(list?.name ?? '');
    setValues(valuesOf(list));
    setPending(false);
    setTouched(false);
    setServerError(null);
  }, [open, list?.id]);

  const original = valuesOf(list);
  const changed =
    name.trim() !== (list?.name ?? '') ||
    values.length !== original.length ||
    values.some((v, i) => v.id !== original[i]?.id || v.value !== original[i]?.value);
  let nameError: string | undefined = serverError ?? schemaErrors(pickListSchema, { name, values: [{ value: 'x' }] }).name;
  if (!nameError && isGlobal && globalNames.some((n) => sameName(n, name))) nameError = DICTIONARY_MSG.pickListNameTaken;
  const canSave = !readOnly && changed && values.length > 0 && !pending && !nameError && !save.isPending;
  const reorderable = !(list?.isGlobal && list.usedBy.length > 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    save.mutate(undefined, {
      onSuccess: (saved) => {
        snackSuccess(list ? 'app.dictionary.picklist.edited' : 'app.dictionary.picklist.added', { name: saved.name });
        onClose();
      },
      onError: (error) => {
        const known = messageIn(error, [DICTIONARY_MSG.pickListNameTaken]);
        if (known) setServerError(known);
        else snackError(error);
      },
    });
  };

  const title = readOnly ? 'app.dictionary.picklist.view' : list ? 'app.dictionary.picklist.edit' : 'app.dictionary.picklist.add';
  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="picklist-edit-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{label(title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={label('app.dictionary.picklist.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setServerError(null);
              }}
              onBlur={() => setTouched(true)}
              required
              fullWidth
              autoFocus={!readOnly}
              disabled={readOnly}
              error={Boolean(nameError && (touched || serverError))}
              helperText={nameError && (touched || serverError) ? t(nameError, { field: label('app.dictionary.picklist.name') }) : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'picklist-name', maxLength: DICTIONARY_LIMITS.nameMax } }}
            />
            {!reorderable && !readOnly && (
              <Alert severity="info" data-testid="picklist-global-order">
                {label(DICTIONARY_MSG.globalPickListOrder)}
              </Alert>
            )}
            <PickListValuesEditor
              values={values}
              onChange={setValues}
              max={DICTIONARY_LIMITS.pickListValueInManagerMax}
              readOnly={readOnly}
              reorderable={reorderable}
              onPendingChange={setPending}
              error={values.length === 0 ? DICTIONARY_MSG.pickListNeedsValue : null}
              testId="picklist-values"
            />
            {list && (
              <Box>
                <Typography variant="subtitle2" component="h3">
                  {label('app.dictionary.picklist.used-by')}
                </Typography>
                <PickListUsageTree usedBy={list.usedBy} />
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {label(readOnly ? 'app.close' : 'app.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={!canSave} data-testid="picklist-save">
              {label('app.save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
