import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { FEATURE_FORM_MSG, FORM_DIALOG_SIZE, type FeatureFormRecord } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import type { FeatureOut } from '../../../api/features';
import { useSession } from '../../../api/session';
import { failureOf } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';
import { featureFormsApi, refreshForms, useFormViewUrl } from './forms-api';
import { useFormFrame } from './use-form-frame';

/** What the dialog shows: a new form of a kind, or a saved record (editable or view only). */
export type FormDialogTarget =
  | { kind: 'new'; formId: string; formName: string; layerId: string | null }
  | { kind: 'record'; record: FeatureFormRecord; editable: boolean };

interface Props {
  feature: FeatureOut;
  target: FormDialogTarget;
  onClose: () => void;
}

/**
 * The form dialog (spec 3 §2, §4, §9): the form in a sandboxed iframe, 590 × 530 (full screen when
 * expanded or on a phone), with expand/collapse, close and save. Save asks the form to validate itself
 * (spec 3 §5: otherwise an alert that it contains errors), then saves or updates, then refreshes.
 */
export function FormDialog({ feature, target, onClose }: Props) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  const [expanded, setExpanded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ message: string; errors: string[] } | null>(null);
  const record = target.kind === 'record' ? target.record : null;
  const formId = record ? record.formId : target.kind === 'new' ? target.formId : null;
  const name = record ? record.formName : target.kind === 'new' ? target.formName : '';
  const editable = target.kind === 'new' || target.editable;
  const view = useFormViewUrl(formId);
  const { frame, ready, validate } = useFormFrame({ data: record?.data ?? [], readOnly: !editable });

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const answer = await validate().catch(() => null);
      if (!answer) return setProblem({ message: 'app.feature-forms.no-answer', errors: [] });
      if (!answer.valid) return setProblem({ message: FEATURE_FORM_MSG.containsErrors, errors: answer.errors });
      if (record) {
        await featureFormsApi.update(record.id, answer.data);
        showSnack(FEATURE_FORM_MSG.updated, 'success');
      } else if (target.kind === 'new') {
        await featureFormsApi.save({
          featureId: feature.id,
          formId: target.formId,
          projectId: feature.properties.project_id,
          featureLayerId: feature.properties.layer_id,
          featureFolderId: feature.properties.folder_id,
          ...(target.layerId ? { layerId: target.layerId } : {}),
          geometry: feature.geometry,
          pages: 1,
          data: JSON.stringify(answer.data),
        });
        showSnack(FEATURE_FORM_MSG.added, 'success');
      }
      await refreshForms(client, orgId, feature.id);
      onClose();
    } catch (error) {
      setProblem({ message: failureOf(error, FEATURE_FORM_MSG.saveError).message, errors: [] });
    } finally {
      setSaving(false);
    }
  };

  const full = phone || expanded;
  const titleId = `form-dialog-title-${formId ?? 'none'}`;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={full}
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          sx: full
            ? {}
            : { width: FORM_DIALOG_SIZE.width, height: FORM_DIALOG_SIZE.height, maxWidth: 'calc(100% - 32px)' },
          'data-testid': 'form-dialog',
        } as object,
      }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, pr: 1 }}>
        <Typography component="span" variant="h6" noWrap sx={{ flex: 1, minWidth: 0 }}>
          {name}
        </Typography>
        {!phone && (
          <Tooltip title={label(expanded ? 'app.feature-forms.dialog.collapse' : 'app.feature-forms.dialog.expand')}>
            <IconButton
              aria-label={label(expanded ? 'app.feature-forms.dialog.collapse' : 'app.feature-forms.dialog.expand')}
              aria-pressed={expanded}
              onClick={() => setExpanded(!expanded)}
              data-testid="form-dialog-expand"
            >
              {expanded ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={label('app.feature-forms.dialog.close')}>
          <IconButton
            aria-label={label('app.feature-forms.dialog.close')}
            onClick={onClose}
            data-testid="form-dialog-close"
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        {!editable && (
          <Alert severity="info" sx={{ borderRadius: 0 }} data-testid="form-dialog-read-only">
            {label('app.feature-forms.read-only')}
          </Alert>
        )}
        {problem && (
          <Alert severity="error" sx={{ borderRadius: 0 }} data-testid="form-dialog-error">
            {t(problem.message)}
            {problem.errors.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {problem.errors.map((e, i) => (
                  <li key={i}>{e}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        {view.isError ? (
          <Alert severity="error" sx={{ m: 2 }} data-testid="form-dialog-load-error">
            {t(errorMessageOf(view.error))}
          </Alert>
        ) : view.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
            <CircularProgress aria-label={label('app.loading')} />
          </Box>
        ) : (
          <Box
            component="iframe"
            ref={frame}
            // No allow-same-origin: the form's script runs in an opaque origin, away from the session.
            sandbox="allow-scripts allow-forms"
            src={view.data.url}
            title={label('app.feature-forms.frame-title', { name })}
            data-testid="form-frame"
            sx={{ flex: 1, width: '100%', minHeight: 0, border: 0, bgcolor: 'common.white' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="form-dialog-cancel">
          {label(editable ? 'app.cancel' : 'app.close')}
        </Button>
        {editable && (
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={!ready || saving || view.isError}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="form-dialog-save"
          >
            {label('app.feature-forms.dialog.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
