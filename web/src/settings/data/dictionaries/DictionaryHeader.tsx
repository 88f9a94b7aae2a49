import { useState, type FormEvent } from 'react';
import { Box, Button, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { DICTIONARY_LIMITS, renameDictionarySchema } from '@fieldbook/domain';
import { dictionariesApi, useDictionaryMutation, useMemberEmail, type Dictionary } from '../../../api/dictionaries';
import { formatLongDateTime } from '../../../app/dates';
import { schemaErrors } from '../../../app/form';
import { useT } from '../../../i18n/translate';
import { useSettingsAccess } from '../../access';
import type { DictionaryRights } from './dictionary-access';
import { snackError, snackSuccess } from './feedback';
import { COMPANY_PATH, PROVIDER_PATH } from './paths';

interface Props {
  dictionary: Dictionary;
  rights: DictionaryRights;
  /** Wide screens get a back button; small ones show the breadcrumb instead. */
  wide: boolean;
  onPickLists: () => void;
  onCopy: () => void;
}

/**
 * The dictionary's name with inline rename (admins, editable dictionaries), an information tooltip
 * (last change and by whom), the pick lists button and Copy (spec 2 §2).
 */
export function DictionaryHeader({ dictionary, rights, wide, onPickLists, onCopy }: Props) {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const label = (id: string) => intl.formatMessage({ id });
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(dictionary.name);
  const rename = useDictionaryMutation((next: string) => dictionariesApi.rename(dictionary.id, next));
  // Only users who may see the members list may look one up; the others see the date alone.
  const updatedBy = useMemberEmail(dictionary.updatedBy, Boolean(useSettingsAccess()?.canSeeUsers));
  const provider = dictionary.organizationId === null;

  const error = schemaErrors(renameDictionarySchema, { id: dictionary.id, name }).name;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (error || rename.isPending) return;
    if (name.trim() === dictionary.name) {
      setEditing(false);
      return;
    }
    rename.mutate(name.trim(), {
      onSuccess: (d) => {
        snackSuccess('app.dictionary.renamed.success', { name: d.name });
        setEditing(false);
      },
      onError: snackError,
    });
  };

  const when = formatLongDateTime(dictionary.updatedAt, intl.locale);
  const info = updatedBy.data
    ? intl.formatMessage({ id: 'app.dictionary.info.updated-by' }, { date: when, email: updatedBy.data })
    : intl.formatMessage({ id: 'app.dictionary.info.updated' }, { date: when });

  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {wide && (
          <Tooltip title={label('app.dictionary.back')}>
            <IconButton
              onClick={() => navigate(provider ? PROVIDER_PATH : COMPANY_PATH)}
              aria-label={label('app.dictionary.back')}
              data-testid="dictionary-back"
            >
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
        )}
        {editing ? (
          <Box
            component="form"
            onSubmit={submit}
            noValidate
            sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flex: 1, minWidth: 220 }}
          >
            <TextField
              size="small"
              autoFocus
              fullWidth
              label={label('app.dictionary.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  setEditing(false);
                  setName(dictionary.name);
                }
              }}
              error={Boolean(error)}
              helperText={error ? t(error, { field: label('app.dictionary.name') }) : ' '}
              slotProps={{
                htmlInput: { 'data-testid': 'dictionary-rename-input', maxLength: DICTIONARY_LIMITS.nameMax },
              }}
            />
            <Tooltip title={label('app.save')}>
              <span>
                <IconButton
                  type="submit"
                  disabled={Boolean(error) || rename.isPending}
                  aria-label={label('app.save')}
                  data-testid="dictionary-rename-save"
                >
                  <CheckIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={label('app.cancel')}>
              <IconButton
                onClick={() => {
                  setEditing(false);
                  setName(dictionary.name);
                }}
                aria-label={label('app.cancel')}
                data-testid="dictionary-rename-cancel"
              >
                <CloseIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }} data-testid="dictionary-name">
              {dictionary.name}
            </Typography>
            {rights.canEdit && (
              <Tooltip title={label('app.dictionary.rename')}>
                <IconButton
                  size="small"
                  onClick={() => {
                    setName(dictionary.name);
                    setEditing(true);
                  }}
                  aria-label={label('app.dictionary.rename')}
                  data-testid="dictionary-rename"
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip
              title={<span data-testid="dictionary-info-text">{info}</span>}
              enterTouchDelay={0}
              leaveTouchDelay={4000}
            >
              <IconButton
                size="small"
                aria-label={`${label('app.dictionary.info')}: ${info}`}
                data-testid="dictionary-info"
              >
                <InfoOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', pl: wide ? 6 : 0 }}
      >
        {provider && (
          <Chip size="small" label={label('app.dictionary.provider-template')} data-testid="dictionary-provider-chip" />
        )}
        {!rights.canEdit && (
          <Chip
            size="small"
            icon={<LockOutlinedIcon />}
            label={label('app.dictionary.read-only')}
            data-testid="dictionary-readonly"
          />
        )}
        {dictionary.assignedProjectIds.length > 0 && (
          <Chip
            size="small"
            variant="outlined"
            label={intl.formatMessage(
              { id: 'app.dictionary.assigned-projects' },
              { count: dictionary.assignedProjectIds.length },
            )}
          />
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          size="small"
          startIcon={<ListAltOutlinedIcon />}
          onClick={onPickLists}
          data-testid="dictionary-picklists"
        >
          {label(rights.canManagePickLists ? 'app.dictionary.picklists.manage' : 'app.dictionary.picklists.view')}
        </Button>
        {rights.canCopy && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<ContentCopyIcon />}
            onClick={onCopy}
            data-testid="dictionary-copy"
          >
            {label('app.dictionary.copy')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
