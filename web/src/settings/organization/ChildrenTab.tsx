import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useIntl } from 'react-intl';
import { LIMITS, ORG_MSG, childNameExists, createChildOrganizationSchema, type Organization } from '@fieldbook/domain';
import { useCreateChildOrganization, useDeleteChildOrganization } from '../../api/organizations';
import { actionCallbacks, settledCallbacks } from '../../app/action-feedback';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { schemaErrors, useForm } from '../../app/form';

/**
 * Children tab (spec 1 §2.6): child organizations with a delete icon (confirmation checkbox
 * required), an add dialog (name required, at most 128, not an existing child's name), and a
 * 'none' message. After a change the account and the profile (organization list) are fetched again.
 */
export function ChildrenTab({ organization }: { organization: Organization }) {
  const intl = useIntl();
  const remove = useDeleteChildOrganization();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  // The name stays in the dialog while it fades out.
  const lastDeleting = useRef(deleting);
  if (deleting) lastDeleting.current = deleting;
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const children = [...organization.children].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Card variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {label('app.org.children.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label('app.org.children.hint')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="child-add">
          {label('app.org.children.add')}
        </Button>
      </Box>
      {children.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 3 }} data-testid="children-none">
          {label('app.org.children.none')}
        </Typography>
      ) : (
        <List aria-label={label('app.org.children.title')} data-testid="children-list">
          {children.map((child) => (
            <ListItem
              key={child.id}
              data-testid={`child-${child.name}`}
              secondaryAction={
                <Tooltip title={label('app.org.children.delete')}>
                  <IconButton
                    edge="end"
                    aria-label={label('app.org.children.delete.aria', { name: child.name })}
                    onClick={() => setDeleting(child)}
                    data-testid="child-delete"
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemIcon>
                <AccountTreeOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary={child.name} />
            </ListItem>
          ))}
        </List>
      )}
      <AddChildDialog open={adding} onClose={() => setAdding(false)} organization={organization} />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={label('app.org.children.delete.title')}
        confirmLabel={label('app.org.children.delete')}
        danger
        pending={remove.isPending}
        checkbox={{ label: label('app.org.children.delete.confirm'), required: true, testId: 'child-delete-confirm' }}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            deleting.id,
            settledCallbacks('app.org.child.deleted.success', 'app.org.child.deleted.error', () => setDeleting(null)),
          )
        }
        onClose={() => setDeleting(null)}
        testId="child-delete-dialog"
      >
        {intl.formatMessage(
          { id: 'app.org.children.delete.body' },
          { name: <strong key="name">{lastDeleting.current?.name}</strong> },
        )}
      </ConfirmDialog>
    </Card>
  );
}

function AddChildDialog({
  open,
  onClose,
  organization,
}: {
  open: boolean;
  onClose: () => void;
  organization: Organization;
}) {
  const intl = useIntl();
  const titleId = useId();
  const create = useCreateChildOrganization();
  const form = useForm({ name: '' }, (v) => {
    const errors = schemaErrors(createChildOrganizationSchema, { name: v.name, parentId: organization.id });
    if (!errors.name && childNameExists(v.name, organization.children)) errors.name = ORG_MSG.nameExists;
    return errors;
  });
  const label = (id: string) => intl.formatMessage({ id });
  // A duplicate name shows at once, not only after leaving the field.
  const duplicate = form.errors.name === ORG_MSG.nameExists;

  // Each opening starts from an empty name.
  const resetForm = useEffectEvent(() => form.reset());
  useEffect(() => {
    if (open) resetForm();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid || create.isPending) return;
    create.mutate(
      { name: form.values.name.trim(), parentId: organization.id },
      actionCallbacks('app.org.child.added.success', 'app.org.child.added.error', onClose),
    );
  };
  const field = form.field('name', label('app.org.children.name'));

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="child-add-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{label('app.org.children.add')}</DialogTitle>
        <DialogContent>
          <TextField
            {...field}
            error={field.error || duplicate}
            helperText={duplicate ? label(ORG_MSG.nameExists) : field.helperText}
            required
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'child-name', maxLength: LIMITS.childOrganizationNameMax } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {label('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!form.valid || create.isPending} data-testid="child-save">
            {label('app.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
