import { useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/client';
import { useSaveStyle, useStyleBody, type StyleItem } from '../../../api/styles';
import { CenteredProgress } from '../../../app/CenteredProgress';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';
import { useSettingsAccess } from '../../access';
import { StyleCodeEditor } from './StyleCodeEditor';
import { StyleDeleteDialog } from './StyleDeleteDialog';
import { STYLES_PATH, styleFormatLabelId, type StyleEditState } from './style-paths';

/**
 * /settings/data/style/edit (spec 2 §2 Styles, §4 "Style editor"). The style comes in navigation
 * state; without it (a reload, a typed address) the list is shown instead.
 */
export default function StyleEditorPage() {
  const location = useLocation();
  const style = (location.state as StyleEditState | null)?.style;
  if (!style) return <Navigate to={STYLES_PATH} replace />;
  return <StyleEditor key={style.id} style={style} />;
}

/**
 * Clean or dirty: dirty when the text differs from the last saved text, which becomes the new
 * baseline after each save. Only organization admins may save; for others the editor is read-only.
 */
function StyleEditor({ style }: { style: StyleItem }) {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const access = useSettingsAccess();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const isAdmin = access?.isOrgAdmin ?? false;
  const body = useStyleBody(style.id);
  const save = useSaveStyle();
  const [baseline, setBaseline] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  if (body.data !== undefined && baseline === null) {
    setBaseline(body.data);
    setText(body.data);
  }
  const dirty = baseline !== null && text !== baseline;
  const canSave = isAdmin && dirty && !save.isPending;
  const backToList = () => navigate(STYLES_PATH);

  const submit = () => {
    if (!canSave) return;
    const sent = text;
    setSaveError(null);
    save.mutate(
      { id: style.id, body: sent },
      {
        onSuccess: () => {
          setBaseline(sent);
          showSnack('app.data.style.message.saved', 'success');
        },
        onError: (error) => {
          setSaveError(errorMessageOf(error));
          showSnack(errorMessageOf(error), 'error');
        },
      },
    );
  };

  return (
    <Box
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          submit();
        }
      }}
    >
      <Button startIcon={<ArrowBackIcon />} onClick={backToList} sx={{ mb: 1, ml: -1 }} data-testid="style-back">
        {label('app.settings.data.style')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
          data-testid="style-editor-name"
        >
          {style.name}
        </Typography>
        <Chip size="small" variant="outlined" label={label(styleFormatLabelId(style.format))} />
        {dirty && (
          <Typography variant="body2" color="text.secondary" data-testid="style-dirty" aria-live="polite">
            {label('app.data.style.unsaved')}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={label('app.save')}>
          <span>
            <IconButton
              aria-label={label('app.data.style.save')}
              disabled={!canSave}
              onClick={submit}
              data-testid="style-save-icon"
            >
              <SaveOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        {isAdmin && (
          <Tooltip title={label('app.data.style.delete')}>
            <IconButton
              aria-label={label('app.data.style.delete.named', { name: style.name })}
              onClick={() => setDeleting(true)}
              data-testid="style-delete-icon"
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {!isAdmin && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="style-read-only">
          {label('app.data.style.read-only')}
        </Alert>
      )}
      {body.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void body.refetch()}>
              {label('app.retry')}
            </Button>
          }
          data-testid="style-load-error"
        >
          {t(errorMessageOf(body.error))}
        </Alert>
      ) : baseline === null ? (
        <CenteredProgress label={label('app.loading')} />
      ) : (
        <StyleCodeEditor
          value={text}
          onChange={(next) => {
            setText(next);
            if (saveError) setSaveError(null);
          }}
          format={style.format}
          readOnly={!isAdmin}
          ariaLabel={label(isAdmin ? 'app.data.style.editor' : 'app.data.style.editor.read-only')}
          testId="style-editor-content"
        />
      )}
      {saveError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="style-save-error">
          {t(saveError)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button onClick={backToList} data-testid="style-cancel">
          {label('app.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!canSave}
          onClick={submit}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveOutlinedIcon />}
          data-testid="style-save"
        >
          {label('app.save')}
        </Button>
      </Box>
      {isAdmin && (
        <StyleDeleteDialog style={deleting ? style : null} onClose={() => setDeleting(false)} onDeleted={backToList} />
      )}
    </Box>
  );
}
