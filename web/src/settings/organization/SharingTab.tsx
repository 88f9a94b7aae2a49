import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Tooltip,
  Typography,
} from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { useIntl } from 'react-intl';
import type { Grant, GrantState, Organization } from '@fieldbook/domain';
import { errorMessageOf } from '../../api/client';
import { useAcceptGrant, useCreateGrantCode, useDeleteGrant, useDenyGrant, useGrants } from '../../api/sharing';
import { actionCallbacks, settledCallbacks, snackFailure } from '../../app/action-feedback';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { formatShortDate } from '../../app/dates';
import { showSnack } from '../../app/snackbar-store';
import { useT } from '../../i18n/translate';
import { CreatedCodeDialog, GrantPermissionsDialog, RequestPermissionDialog, copyText } from './SharingDialogs';

const STATE_COLOUR: Record<GrantState, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  CREATED: 'info',
  REQUESTED: 'warning',
  ACCEPTED: 'success',
  DENIED: 'error',
  EXPIRED: 'default',
};

/** The three lists of spec 1 §2.7; grants between a parent and its children are not shown. */
export function splitGrants(grants: Grant[], org: Organization) {
  const family = new Set([org.parent?.id, ...org.children.map((c) => c.id)].filter(Boolean));
  const other = (g: Grant) => (g.grantorOrganizationId === org.id ? g.granteeOrganizationId : g.grantorOrganizationId);
  const shown = grants.filter((g) => !family.has(other(g) ?? ''));
  return {
    grantedToMe: shown.filter((g) => g.granteeOrganizationId === org.id),
    sharedByMe: shown.filter((g) => g.grantorOrganizationId === org.id && g.granteeOrganizationId !== null),
    codes: shown.filter(
      (g) =>
        g.grantorOrganizationId === org.id &&
        g.granteeOrganizationId === null &&
        (g.state === 'CREATED' || g.state === 'EXPIRED'),
    ),
  };
}

function Action({
  icon: Icon,
  label,
  onClick,
  testId,
  disabled,
}: {
  icon: SvgIconComponent;
  label: string;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId} size="small">
          <Icon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

function GrantList({
  title,
  hint,
  emptyId,
  testId,
  children,
  count,
}: {
  title: string;
  hint: string;
  emptyId: string;
  testId: string;
  children: ReactNode;
  count: number;
}) {
  const intl = useIntl();
  return (
    <Card variant="outlined" data-testid={testId}>
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
      {count === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 2 }} data-testid={`${testId}-empty`}>
          {intl.formatMessage({ id: emptyId })}
        </Typography>
      ) : (
        <List aria-label={title}>{children}</List>
      )}
    </Card>
  );
}

/** Permissions tab of manage-organization: sharing with other organizations through codes (spec 1 §2.7). */
export function SharingTab({ organization }: { organization: Organization }) {
  const intl = useIntl();
  const t = useT();
  const grants = useGrants();
  const createCode = useCreateGrantCode();
  const accept = useAcceptGrant();
  const deny = useDenyGrant();
  const remove = useDeleteGrant();
  const [created, setCreated] = useState<Grant | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [deleting, setDeleting] = useState<Grant | null>(null);
  const [managing, setManaging] = useState<Grant | null>(null);
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const lists = grants.data ? splitGrants(grants.data, organization) : null;

  const stateChip = (g: Grant) => (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLOUR[g.state]}
      label={label(`app.perms.state.${g.state.toLowerCase()}`)}
      data-testid="grant-state"
    />
  );
  const created_ = (g: Grant) =>
    label('app.perms.created-by', { date: formatShortDate(g.createdDate, intl.locale), email: g.createdByEmail });

  const item = (g: Grant, primary: ReactNode, secondary: string, actions: ReactNode) => (
    <ListItem
      key={g.id}
      data-testid={`grant-${g.id}`}
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center', '&:last-of-type': { borderBottom: 0 } }}
      divider
    >
      <ListItemText
        sx={{ flex: '1 1 220px', minWidth: 0 }}
        primary={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {primary}
            {stateChip(g)}
          </Box>
        }
        secondary={secondary}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
      <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>{actions}</Box>
    </ListItem>
  );
  const deleteAction = (g: Grant) => (
    <Action
      icon={DeleteOutlineIcon}
      label={label('app.perms.delete')}
      onClick={() => setDeleting(g)}
      testId="grant-delete"
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<KeyOutlinedIcon />}
          disabled={createCode.isPending}
          onClick={() =>
            createCode.mutate(undefined, {
              onSuccess: (grant) => {
                showSnack('app.perms.code.created.success', 'success');
                setCreated(grant);
              },
              onError: (err) => snackFailure(err, 'app.perms.code.created.error'),
            })
          }
          data-testid="sharing-create-code"
        >
          {label('app.perms.create-code')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<AddLinkIcon />}
          onClick={() => setRequesting(true)}
          data-testid="sharing-request"
        >
          {label('app.perms.request')}
        </Button>
      </Box>
      {grants.isError && <Alert severity="error">{t(errorMessageOf(grants.error))}</Alert>}
      {grants.isPending && <Skeleton variant="rounded" height={120} />}
      {lists && (
        <>
          <GrantList
            title={label('app.perms.granted-to-me')}
            hint={label('app.perms.granted-to-me.hint')}
            emptyId="app.perms.granted-to-me.none"
            testId="grants-granted-to-me"
            count={lists.grantedToMe.length}
          >
            {lists.grantedToMe.map((g) =>
              item(g, <span data-testid="grant-org">{g.grantorOrganization}</span>, created_(g), deleteAction(g)),
            )}
          </GrantList>
          <GrantList
            title={label('app.perms.shared-by-me')}
            hint={label('app.perms.shared-by-me.hint')}
            emptyId="app.perms.shared-by-me.none"
            testId="grants-shared-by-me"
            count={lists.sharedByMe.length}
          >
            {lists.sharedByMe.map((g) =>
              item(
                g,
                <span data-testid="grant-org">{g.granteeOrganization}</span>,
                created_(g),
                <>
                  {(g.state === 'REQUESTED' || g.state === 'DENIED') && (
                    <Action
                      icon={CheckIcon}
                      label={label('app.perms.accept')}
                      testId="grant-accept"
                      disabled={accept.isPending}
                      onClick={() =>
                        accept.mutate(g.id, actionCallbacks('app.perms.accepted.success', 'app.perms.accepted.error'))
                      }
                    />
                  )}
                  {g.state === 'REQUESTED' && (
                    <Action
                      icon={CloseIcon}
                      label={label('app.perms.deny')}
                      testId="grant-deny"
                      disabled={deny.isPending}
                      onClick={() =>
                        deny.mutate(g.id, actionCallbacks('app.perms.denied.success', 'app.perms.denied.error'))
                      }
                    />
                  )}
                  {g.state === 'ACCEPTED' && (
                    <Action
                      icon={TuneIcon}
                      label={label('app.perms.manage')}
                      testId="grant-manage"
                      onClick={() => setManaging(g)}
                    />
                  )}
                  {deleteAction(g)}
                </>,
              ),
            )}
          </GrantList>
          <GrantList
            title={label('app.perms.codes')}
            hint={label('app.perms.codes.hint')}
            emptyId="app.perms.codes.none"
            testId="grants-codes"
            count={lists.codes.length}
          >
            {lists.codes.map((g) =>
              item(
                g,
                <Box
                  component="code"
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                  data-testid="grant-code"
                >
                  {g.id}
                </Box>,
                created_(g),
                <>
                  {g.state === 'CREATED' && (
                    <Action
                      icon={ContentCopyIcon}
                      label={label('app.perms.copy')}
                      testId="grant-copy"
                      onClick={() => void copyText(g.id)}
                    />
                  )}
                  {deleteAction(g)}
                </>,
              ),
            )}
          </GrantList>
        </>
      )}
      <CreatedCodeDialog grant={created} onClose={() => setCreated(null)} />
      <RequestPermissionDialog open={requesting} onClose={() => setRequesting(false)} />
      {managing && <GrantPermissionsDialog grant={managing} onClose={() => setManaging(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={label('app.perms.delete.title')}
        confirmLabel={label('app.perms.delete')}
        danger
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            deleting.id,
            settledCallbacks('app.perms.deleted.success', 'app.perms.deleted.error', () => setDeleting(null)),
          )
        }
        onClose={() => setDeleting(null)}
        testId="grant-delete-dialog"
      >
        {label('app.perms.delete.body')}
      </ConfirmDialog>
    </Box>
  );
}
