import { useId, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useIntl } from 'react-intl';
import {
  dictionariesApi,
  useDictionaryMutation,
  usePickLists,
  type Dictionary,
  type PickListWithUsage,
} from '../../../api/dictionaries';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import type { DictionaryRights } from './dictionary-access';
import { snackError, snackSuccess } from './feedback';
import { PickListEditDialog } from './PickListEditDialog';
import { PickListUsageTree } from './PickListUsageTree';

/** Who may change a list: global lists belong to the organization (its admins), the others to the dictionary. */
export const canManageList = (list: PickListWithUsage, rights: DictionaryRights) =>
  list.isGlobal ? rights.canManageGlobalPickLists : rights.canManagePickLists;

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
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={small}
      data-testid="picklist-manager"
    >
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
                <ListItem
                  key={l.id}
                  disablePadding
                  divider
                  sx={{ display: 'block' }}
                  data-testid="picklist-row"
                  data-name={l.name}
                >
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
                          {intl.formatMessage(
                            { id: 'app.dictionary.picklist.value-count' },
                            { count: l.values.length },
                          )}
                        </Typography>
                      </Stack>
                    </Box>
                    <Tooltip title={label('app.dictionary.picklist.used-by')}>
                      <Button
                        size="small"
                        onClick={() => setExpanded(open ? null : l.id)}
                        endIcon={open ? <ExpandLess /> : <ExpandMore />}
                        aria-expanded={open}
                        aria-label={intl.formatMessage(
                          { id: 'app.dictionary.picklist.used-by.aria' },
                          { name: l.name, count: l.usedBy.length },
                        )}
                        data-testid="picklist-usage-toggle"
                      >
                        {l.usedBy.length}
                      </Button>
                    </Tooltip>
                    <Tooltip title={label(can ? 'app.dictionary.edit' : 'app.dictionary.view')}>
                      <IconButton
                        onClick={() => setEditing({ list: l })}
                        aria-label={intl.formatMessage(
                          { id: can ? 'app.dictionary.picklist.edit.aria' : 'app.dictionary.picklist.view.aria' },
                          { name: l.name },
                        )}
                        data-testid="picklist-edit"
                      >
                        {can ? <EditOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    {can && (
                      <Tooltip title={label('app.dictionary.delete')}>
                        <IconButton
                          onClick={() => setDeleting(l)}
                          aria-label={intl.formatMessage(
                            { id: 'app.dictionary.picklist.delete.aria' },
                            { name: l.name },
                          )}
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
        {intl.formatMessage(
          { id: 'app.dictionary.picklist.delete.confirm' },
          { name: deleting?.name ?? '', count: deleting?.usedBy.length ?? 0 },
        )}
      </ConfirmDialog>
    </Dialog>
  );
}
