import { useId, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ONECALL_MSG, type OneCallEmail } from '@fieldbook/domain';
import { useInvalidateProjects, type Project } from '../../../api/projects';
import { useSession } from '../../../api/session';
import { settledCallbacks, snackFailure } from '../../../app/action-feedback';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { showSnack } from '../../../app/snackbar-store';
import { visuallyHidden } from '../../../app/visually-hidden';
import { oneCallApi, oneCallKeys, useOneCallEmails } from '../../features/onecall/onecall-api';
import { AddOneCallEmailDialog } from './AddOneCallEmailDialog';
import { ArchiveDaysField } from './ArchiveDaysField';

interface Props {
  open: boolean;
  project: Project;
  onClose: () => void;
}

/**
 * The project's one-call e-mail list (spec 3 §2): e-mail, layer and expire days, with add and
 * delete-confirm dialogs. An unverified address shows a chip and can have its link sent again; its
 * expire days are editable once verified. Each address shows where its tickets can be forwarded.
 */
export function OneCallEmailsDialog({ open, project, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const queryClient = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  const invalidateProjects = useInvalidateProjects();
  const emails = useOneCallEmails(project.id, open);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<OneCallEmail | null>(null);
  const [pending, setPending] = useState(false);
  const list = emails.data ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: oneCallKeys.emails(orgId, project.id) });
  const remove = async (address: OneCallEmail) => {
    setPending(true);
    const done = settledCallbacks(ONECALL_MSG.deleted, ONECALL_MSG.deleteError, () => setDeleting(null));
    try {
      await oneCallApi.removeEmail(project.id, address.id);
      await Promise.all([refresh(), invalidateProjects()]);
      done.onSuccess();
    } catch (error) {
      done.onError(error);
    } finally {
      setPending(false);
    }
  };
  const resend = (address: OneCallEmail) =>
    oneCallApi.resendVerification(project.id, address.id).then(
      () => showSnack(ONECALL_MSG.verificationSent, 'success', { email: address.emailAddress }),
      (error: unknown) => snackFailure(error, ONECALL_MSG.updateError),
    );

  const emailCell = (a: OneCallEmail) => (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="onecall-email">
          {a.emailAddress}
        </Typography>
        {!a.isVerified && (
          <Chip size="small" color="warning" variant="outlined" label={t('app.onecall.list.unverified')} />
        )}
        {!a.isVerified && (
          <Tooltip title={t('app.onecall.list.resend')}>
            <IconButton size="small" aria-label={t('app.onecall.list.resend')} onClick={() => void resend(a)}>
              <ForwardToInboxIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {phone && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('app.onecall.list.layer')}: {a.layerName}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {t('app.onecall.list.inbound', { address: a.inboundAddress })}
      </Typography>
    </Box>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      data-testid="onecall-emails-dialog"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {t('app.onecall.list.title')}
        </Box>
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setAdding(true)} data-testid="onecall-add">
          {t('app.onecall.add')}
        </Button>
      </DialogTitle>
      <DialogContent sx={{ px: phone ? 1 : 3 }}>
        {emails.isLoading && <CircularProgress size={24} aria-label={t('app.loading')} />}
        {emails.isError && <Typography color="error">{t('app.error.occurred')}</Typography>}
        {emails.isSuccess && list.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('app.onecall.list.empty')}
          </Typography>
        )}
        {list.length > 0 && (
          <Table size="small" aria-labelledby={titleId} data-testid="onecall-emails-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('app.onecall.list.email')}</TableCell>
                {!phone && <TableCell>{t('app.onecall.list.layer')}</TableCell>}
                <TableCell>{t('app.onecall.list.expire-days')}</TableCell>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('app.onecall.list.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((a) => (
                <TableRow key={a.id} data-testid="onecall-email-row">
                  <TableCell sx={{ maxWidth: phone ? 200 : 320 }}>{emailCell(a)}</TableCell>
                  {!phone && <TableCell>{a.layerName}</TableCell>}
                  <TableCell>
                    <ArchiveDaysField address={a} onSaved={refresh} />
                  </TableCell>
                  <TableCell padding="checkbox">
                    <Tooltip title={t('app.onecall.list.delete')}>
                      <IconButton
                        aria-label={t('app.onecall.list.delete-of', { email: a.emailAddress })}
                        onClick={() => setDeleting(a)}
                        data-testid="onecall-delete"
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
      <AddOneCallEmailDialog
        open={adding}
        project={project}
        listed={(email) => list.some((a) => a.emailAddress === email.toLowerCase())}
        onClose={() => setAdding(false)}
        onAdded={async () => {
          await Promise.all([refresh(), invalidateProjects()]);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('app.onecall.delete.title')}
        confirmLabel={t('app.onecall.list.delete')}
        danger
        pending={pending}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
        testId="onecall-delete-dialog"
      >
        {deleting && t('app.onecall.delete.text', { email: deleting.emailAddress, layer: deleting.layerName })}
      </ConfirmDialog>
    </Dialog>
  );
}
