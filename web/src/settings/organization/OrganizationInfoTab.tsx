import { useEffect, useEffectEvent, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { LIMITS, cutPostalCode, cutState, updateOrganizationSchema, type Organization } from '@fieldbook/domain';
import { useUpdateOrganization } from '../../api/organizations';
import { actionCallbacks } from '../../app/action-feedback';
import { schemaErrors, useForm } from '../../app/form';

const FIELDS = ['address1', 'address2', 'city', 'state', 'postalCode'] as const;
type Field = (typeof FIELDS)[number];

const valuesOf = (org: Organization): Record<Field, string> => ({
  address1: org.address1 ?? '',
  address2: org.address2 ?? '',
  city: org.city ?? '',
  state: org.state ?? '',
  postalCode: org.postalCode ?? '',
});

/**
 * Info tab (spec 1 §2.6, §5): address lines and city at most 100, state cut to 2 characters and
 * postal code to 10 as typed; Save only after a change. Only admins edit; others read.
 */
export function OrganizationInfoTab({
  organization,
  canEdit,
  isPlus,
}: {
  organization: Organization;
  canEdit: boolean;
  isPlus: boolean;
}) {
  const intl = useIntl();
  const update = useUpdateOrganization();
  const initial = valuesOf(organization);
  const form = useForm(initial, (v) => schemaErrors(updateOrganizationSchema, { id: organization.id, ...v }));
  const label = (id: string) => intl.formatMessage({ id });

  // A saved (or refetched) organization becomes the new starting point.
  const resetForm = useEffectEvent((org: Organization) => form.reset(valuesOf(org)));
  useEffect(() => {
    resetForm(organization);
  }, [organization]);

  const changes = Object.fromEntries(
    FIELDS.filter((f) => form.values[f].trim() !== initial[f]).map((f) => [f, form.values[f].trim()]),
  ) as Partial<Record<Field, string>>;
  const changed = Object.keys(changes).length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canEdit || !changed || !form.valid || update.isPending) return;
    update.mutate(
      { id: organization.id, ...changes },
      actionCallbacks('app.org.updated.success', 'app.org.updated.error'),
    );
  };

  const text = (name: Field, labelId: string, max: number, cut?: (s: string) => string) => {
    const props = form.field(name, label(labelId));
    return (
      <TextField
        {...props}
        onChange={(e) => form.set(name, cut ? cut(e.target.value) : e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': `org-${name}`, maxLength: max, readOnly: !canEdit } }}
      />
    );
  };

  return (
    <Card variant="outlined">
      <CardContent
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={label('app.org.tab.info')}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {!canEdit && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {label('app.org.read-only')}
          </Alert>
        )}
        {isPlus && (
          <TextField
            label={label('app.org.name')}
            value={organization.name}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'org-name' } }}
          />
        )}
        {text('address1', 'app.org.address1', LIMITS.addressFieldMax)}
        {text('address2', 'app.org.address2', LIMITS.addressFieldMax)}
        {text('city', 'app.org.city', LIMITS.addressFieldMax)}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          {text('state', 'app.org.state', LIMITS.stateMax, cutState)}
          {text('postalCode', 'app.org.postal-code', LIMITS.postalCodeMax, cutPostalCode)}
        </Stack>
        {canEdit && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={!changed || !form.valid || update.isPending}
              data-testid="org-save"
            >
              {label('app.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
