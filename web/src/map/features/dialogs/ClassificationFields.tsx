import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FeatureKind } from '@fieldbook/domain';
import type { Dictionary } from '../../../api/dictionaries';
import { AttributeInput } from './AttributeInput';
import { attributeErrors, componentsFor, initialValues, type Classification } from './attribute-form';

interface Props {
  dictionary: Dictionary | undefined;
  kind: FeatureKind;
  value: Classification;
  onChange: (value: Classification) => void;
  /** Show every error at once (after a failed save). */
  showAllErrors?: boolean;
}

/** Dictionary (read-only), system, component and typed attributes: shared by the new-feature dialog and the attribute edit panel. */
export function ClassificationFields({ dictionary, kind, value, onChange, showAllErrors }: Props) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const system = dictionary?.systems.find((s) => s.id === value.systemId);
  const components = componentsFor(system, kind);
  const component = components.find((c) => c.id === value.componentId);
  const errors = attributeErrors(component, value.values);

  const chooseSystem = (systemId: string) => onChange({ systemId, componentId: '', values: {} });
  const chooseComponent = (componentId: string) => {
    const next = components.find((c) => c.id === componentId);
    setTouched({});
    onChange({ ...value, componentId, values: initialValues(next) });
  };

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        label={label('app.feature.dictionary')}
        value={dictionary?.name ?? ''}
        size="small"
        fullWidth
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'feature-dictionary' } }}
      />
      <TextField
        select
        label={label('app.feature.system')}
        value={system ? value.systemId : ''}
        size="small"
        fullWidth
        onChange={(e) => chooseSystem(e.target.value)}
        slotProps={{
          select: {
            SelectDisplayProps: {
              'data-testid': 'feature-system',
              'aria-label': label('app.feature.system'),
            } as object,
          },
        }}
      >
        {(dictionary?.systems ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={label('app.feature.component')}
        value={component ? value.componentId : ''}
        size="small"
        fullWidth
        disabled={!system}
        onChange={(e) => chooseComponent(e.target.value)}
        helperText={system && components.length === 0 ? label('app.feature.component.none') : undefined}
        slotProps={{
          select: {
            SelectDisplayProps: {
              'data-testid': 'feature-component',
              'aria-label': label('app.feature.component'),
            } as object,
          },
        }}
      >
        {components.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.alias}
          </MenuItem>
        ))}
      </TextField>
      {component && component.attributes.length > 0 && (
        <Typography variant="subtitle2" color="text.secondary">
          {label('app.feature.attributes')}
        </Typography>
      )}
      {component?.attributes.map((a) => (
        <AttributeInput
          key={a.id}
          attribute={a}
          value={value.values[a.id] ?? ''}
          error={errors[a.id]}
          showError={!!showAllErrors || !!touched[a.id]}
          onChange={(v) => {
            setTouched((t) => ({ ...t, [a.id]: true }));
            onChange({ ...value, values: { ...value.values, [a.id]: v } });
          }}
        />
      ))}
    </Stack>
  );
}
