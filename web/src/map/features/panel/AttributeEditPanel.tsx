import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FeatureOut } from '../../../api/features';
import type { Dictionary } from '../../../api/dictionaries';
import { useT } from '../../../i18n/translate';
import { ClassificationFields } from '../dialogs/ClassificationFields';
import {
  classificationValid,
  findComponent,
  toAttributeList,
  valuesOfFeature,
  type Classification,
} from '../dialogs/attribute-form';
import { kindOf } from '../geo';
import { useFeatureSave } from './useFeatureSave';

/** Attribute edit panel of a dictionary feature (spec 3 §2): same fields and rules as the new-feature dialog. */
export function AttributeEditPanel({
  feature,
  dictionary,
  onDone,
}: {
  feature: FeatureOut;
  dictionary: Dictionary | undefined;
  onDone: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const p = feature.properties;
  const [value, setValue] = useState<Classification>({
    systemId: p.system_id ?? '',
    componentId: p.component_id ?? '',
    values: valuesOfFeature(p.attributes),
  });
  const { save, error, busy } = useFeatureSave(feature);
  const kind = kindOf(feature.geometry);
  const submit = async () => {
    const ok = await save({
      dictionary_id: dictionary?.id ?? null,
      system_id: value.systemId,
      component_id: value.componentId,
      attributes: toAttributeList(findComponent(dictionary, value), value.values),
    });
    if (ok) onDone();
  };
  return (
    <Box
      component="section"
      aria-label={intl.formatMessage({ id: 'app.feature.edit.attributes' })}
      sx={{ px: 2, py: 1.5 }}
      data-testid="attribute-edit-panel"
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'app.feature.edit.attributes' })}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t(error)}
        </Alert>
      )}
      <ClassificationFields
        dictionary={dictionary}
        kind={kind}
        value={value}
        onChange={setValue}
        showAllErrors={!!error}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onDone} disabled={busy} data-testid="attribute-edit-cancel">
          {intl.formatMessage({ id: 'app.cancel' })}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || !classificationValid(dictionary, value, kind)}
          data-testid="attribute-edit-save"
        >
          {intl.formatMessage({ id: 'app.save' })}
        </Button>
      </Stack>
    </Box>
  );
}
