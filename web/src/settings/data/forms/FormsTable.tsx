import { Box, TableCell, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS } from '@fieldbook/domain';
import type { FormItem, FormPage } from '../../../api/forms';
import { formatLongDateTime } from '../../../app/dates';
import { PagedTable, type PagingProps, RowActions } from '../../../app/PagedTable';
import { visuallyHidden } from '../../../app/visually-hidden';

interface Props extends PagingProps {
  page: FormPage | undefined;
  onEdit: (form: FormItem) => void;
  onDelete: (form: FormItem) => void;
}

/** The forms table: name with edit and delete actions, and an expandable detail row. */
export function FormsTable({ page, onEdit, onDelete, ...paging }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  return (
    <PagedTable
      rows={page?.output}
      totalCount={page?.totalCount}
      pageSize={DICTIONARY_LIMITS.formPageSize}
      {...paging}
      names={{ plural: 'forms', singular: 'form' }}
      labelIds={{ table: 'app.forms.table', details: 'app.forms.details', empty: 'app.forms.none' }}
      colSpan={3}
      headerCells={
        <>
          <TableCell>{label('app.data.column.name')}</TableCell>
          <TableCell align="right">
            <Box component="span" sx={visuallyHidden}>
              {label('app.data.column.actions')}
            </Box>
          </TableCell>
        </>
      }
      rowTestId={(f) => f.name}
      expandLabel={(f) => label('app.forms.details.toggle', { name: f.name })}
      renderDetail={(f, id) => <FormDetail form={f} id={id} />}
      renderCells={(f) => (
        <>
          <TableCell sx={{ maxWidth: { xs: 180, sm: 480 }, overflowWrap: 'anywhere' }} data-testid="form-cell-name">
            {f.name}
          </TableCell>
          <RowActions
            editLabel={label('app.forms.edit')}
            editNamedLabel={label('app.forms.edit.named', { name: f.name })}
            deleteLabel={label('app.forms.delete')}
            deleteNamedLabel={label('app.forms.delete.named', { name: f.name })}
            onEdit={() => onEdit(f)}
            onDelete={() => onDelete(f)}
            testIdPrefix="form"
          />
        </>
      )}
    />
  );
}

/** Description, created and modified dates. */
function FormDetail({ form, id }: { form: FormItem; id: string }) {
  const intl = useIntl();
  const label = (key: string) => intl.formatMessage({ id: key });
  const items: [string, string, string][] = [
    ['app.forms.description', form.description?.trim() || '—', 'form-detail-description'],
    ['app.forms.detail.created', formatLongDateTime(form.created, intl.locale), 'form-detail-created'],
    ['app.forms.detail.modified', formatLongDateTime(form.modified, intl.locale), 'form-detail-modified'],
  ];
  return (
    <Box
      id={id}
      component="dl"
      data-testid="form-detail"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: 1.5,
        m: 0,
        py: 2,
        px: { xs: 0.5, sm: 7 },
      }}
    >
      {items.map(([labelId, value, testId]) => (
        <Box
          key={labelId}
          sx={{ minWidth: 0, gridColumn: labelId === 'app.forms.description' ? { sm: '1 / -1' } : undefined }}
        >
          <Typography component="dt" variant="caption" color="text.secondary">
            {label(labelId)}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            data-testid={testId}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
