import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { ONECALL_LIMITS, ONECALL_MSG, oneCallEmailCreateSchema } from '@fieldbook/domain';
import { ApiError } from '../../../api/client';
import { allLayers, type Project } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';
import { fieldError } from '../dialogs/field-error';
import { PanelFormDialog } from '../dialogs/PanelFormDialog';
import { oneCallApi } from '../../features/onecall/onecall-api';

interface Props {
  open: boolean;
  project: Project;
  /** Whether the address is in the list already (any case). */
  listed: (email: string) => boolean;
  onClose: () => void;
  /** After the address was added (its layer too). */
  onAdded: () => Promise<void>;
}

/**
 * Add a one-call e-mail address (spec 3 §2, §5): a valid address of at most 128 characters not in the
 * list yet, and the name of its tickets layer, required, at most 128, no layer of the project's name.
 */
export function AddOneCallEmailDialog({ open, project, listed, onClose, onAdded }: Props) {
  const intl = useIntl();
  const t = useT();
  const [emailAddress, setEmail] = useState('');
  const [layerName, setLayerName] = useState('');
  const [touched, setTouched] = useState({ email: false, layer: false });
  const [serverErrors, setServerErrors] = useState<{ email?: string; layer?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setEmail('');
    setLayerName('');
    setTouched({ email: false, layer: false });
    setServerErrors({});
  }, [open]);

  const value = { emailAddress, layerName, projectId: project.id };
  const layerTaken = allLayers(project).some((l) => l.name.toLowerCase() === layerName.trim().toLowerCase());
  const emailError =
    fieldError(oneCallEmailCreateSchema, value, 'emailAddress') ??
    (listed(emailAddress.trim()) ? ONECALL_MSG.emailInUse : undefined) ??
    serverErrors.email;
  const layerError =
    fieldError(oneCallEmailCreateSchema, value, 'layerName') ??
    (layerTaken ? ONECALL_MSG.layerExists : undefined) ??
    serverErrors.layer;

  const save = async () => {
    setBusy(true);
    try {
      await oneCallApi.addEmail(oneCallEmailCreateSchema.parse(value));
      await onAdded();
      showSnack(ONECALL_MSG.added, 'success');
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      if (message === ONECALL_MSG.emailInUse || message === ONECALL_MSG.invalidEmail)
        setServerErrors({ email: message });
      else if (message === ONECALL_MSG.layerExists || message === ONECALL_MSG.layerNameRequired)
        setServerErrors({ layer: message });
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  const shown = (error: string | undefined, wasTouched: boolean) => (wasTouched && error ? t(error) : ' ');
  return (
    <PanelFormDialog
      open={open}
      title={intl.formatMessage({ id: 'app.onecall.add.title' })}
      busy={busy}
      canSave={!emailError && !layerError}
      saveLabel={intl.formatMessage({ id: 'app.onecall.add' })}
      onSave={() => void save().catch((error: unknown) => snackFailure(error, ONECALL_MSG.addError))}
      onClose={onClose}
      testId="onecall-add-dialog"
      saveTestId="onecall-add-save"
    >
      <TextField
        label={intl.formatMessage({ id: 'app.onecall.add.email' })}
        type="email"
        value={emailAddress}
        onChange={(e) => {
          setEmail(e.target.value);
          setServerErrors((s) => ({ ...s, email: undefined }));
        }}
        onBlur={() => setTouched((s) => ({ ...s, email: true }))}
        required
        autoFocus
        error={touched.email && !!emailError}
        helperText={shown(emailError, touched.email)}
        slotProps={{ htmlInput: { maxLength: ONECALL_LIMITS.emailMax + 1, 'data-testid': 'onecall-add-email' } }}
      />
      <TextField
        label={intl.formatMessage({ id: 'app.onecall.add.layer' })}
        value={layerName}
        onChange={(e) => {
          setLayerName(e.target.value);
          setServerErrors((s) => ({ ...s, layer: undefined }));
        }}
        onBlur={() => setTouched((s) => ({ ...s, layer: true }))}
        required
        error={touched.layer && !!layerError}
        helperText={touched.layer && layerError ? t(layerError) : t('app.onecall.add.hint')}
        slotProps={{ htmlInput: { maxLength: ONECALL_LIMITS.layerNameMax + 1, 'data-testid': 'onecall-add-layer' } }}
      />
    </PanelFormDialog>
  );
}
