import { useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { FEATURE_FORM_MSG, type FeatureFormRecord } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { AddFormButton } from './AddFormButton';
import { DeleteFormDialog } from './DeleteFormDialog';
import { FormDialog, type FormDialogTarget } from './FormDialog';
import { FormRecordPanel } from './FormRecordPanel';
import { useAvailableForms, useFeatureForms } from './forms-api';

/**
 * FORMS tab (spec 3 §2): the feature's forms as accordions, each with its form info panel; "Add form"
 * for those who may add one; the form dialog and the form delete dialog.
 */
export function FormsTab({ feature }: { feature: FeatureOut }) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const list = useFeatureForms(feature.id);
  const available = useAvailableForms(feature.id);
  const [target, setTarget] = useState<FormDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<FeatureFormRecord | null>(null);
  const records = list.data ?? [];
  const addable = available.data?.canAdd ? available.data.forms : [];

  return (
    <Box sx={{ pb: 2 }} data-testid="feature-forms">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1.5, py: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="form-count">
          {list.isSuccess ? label('app.feature-forms.count', { count: records.length }) : ' '}
        </Typography>
        {addable.length > 0 && (
          <AddFormButton
            forms={addable}
            onPick={(form) => setTarget({ kind: 'new', formId: form.id, formName: form.name, layerId: form.layerId })}
          />
        )}
      </Box>
      {list.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label={label('app.loading')} />
        </Box>
      ) : list.isError ? (
        <Alert severity="error" sx={{ mx: 1.5 }} data-testid="forms-load-error">
          {label(FEATURE_FORM_MSG.retrievalError)}
        </Alert>
      ) : records.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 1.5, py: 2 }} data-testid="forms-empty">
          {label(FEATURE_FORM_MSG.noForms)}
        </Typography>
      ) : (
        <Box sx={{ px: 1 }}>
          {records.map((record) => (
            <FormRecordPanel
              key={record.id}
              feature={feature}
              record={record}
              onOpen={(r, editable) => setTarget({ kind: 'record', record: r, editable })}
              onDelete={setDeleting}
            />
          ))}
        </Box>
      )}
      {target && <FormDialog feature={feature} target={target} onClose={() => setTarget(null)} />}
      <DeleteFormDialog record={deleting} featureId={feature.id} onClose={() => setDeleting(null)} />
    </Box>
  );
}
