import { Fragment, useState } from 'react';
import {
  Box, Collapse, IconButton, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead,
  TablePagination, TableRow, Tooltip, Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS } from '@fieldbook/domain';
import type { FormItem, FormPage } from '../../../api/forms';
import { formatLongDateTime } from '../../../app/dates';
import { visuallyHidden } from '../../../app/visually-hidden';

interface Props {
  page: FormPage | undefined;
  loading: boolean;
  pageIndex: number;
  onPageChange: (page: number) => void;
  onEdit: (form: FormItem) => void;
  onDelete: (form: FormItem) => void;
}

/** The forms table: name with edit and delete actions, and an expandable detail row. */
export function FormsTable({ page, loading, pageIndex, onPageChange, onEdit, onDelete }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [expanded, setExpanded] = useState<string | null>(null);
  const rows = page?.output ?? [];

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={label('app.loading')} />}</Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={label('app.forms.table')}
          data-testid="forms-table"
          sx={{ '& td:not(.MuiTableCell-paddingCheckbox), & th:not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>{label('app.forms.details')}</Box>
              </TableCell>
              <TableCell>{label('app.data.column.name')}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>{label('app.data.column.actions')}</Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((f) => {
              const open = expanded === f.id;
              return (
                <Fragment key={f.id}>
                  <TableRow hover data-testid={`form-row-${f.name}`} sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={label('app.forms.details.toggle', { name: f.name })}
                        aria-expanded={open}
                        aria-controls={`form-detail-${f.id}`}
                        onClick={() => setExpanded(open ? null : f.id)}
                        data-testid="form-expand"
                      >
                        {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                      </IconButton>
                    </TableCell>
                    <TableCell sx={{ maxWidth: { xs: 180, sm: 480 }, overflowWrap: 'anywhere' }} data-testid="form-cell-name">
                      {f.name}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5, pr: { xs: 0.5, sm: 1 } }}>
                      <Tooltip title={label('app.forms.edit')}>
                        <IconButton aria-label={label('app.forms.edit.named', { name: f.name })} onClick={() => onEdit(f)} data-testid="form-edit">
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={label('app.forms.delete')}>
                        <IconButton aria-label={label('app.forms.delete.named', { name: f.name })} onClick={() => onDelete(f)} data-testid="form-delete">
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={3} sx={{ py: 0, ...(open ? {} : { borderBottom: 'none' }) }}>
                      <Collapse in={open} timeout="auto" unmountOnExit>
                        <FormDetail form={f} id={`form-detail-${f.id}`} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
            {page && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="forms-empty">
                    {label('app.forms.none')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={page?.totalCount ?? 0}
        page={page ? pageIndex : 0}
        onPageChange={(_, p) => onPageChange(p)}
        rowsPerPage={DICTIONARY_LIMITS.formPageSize}
        rowsPerPageOptions={[]}
        labelDisplayedRows={({ from, to, count }) => label('app.table.displayed-rows', { from: String(from), to: String(to), count: String(count) })}
        getItemAriaLabel={(type) => label(`app.table.page.${type}`)}
        data-testid="forms-pagination"
      />
    </Paper>
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
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5, m: 0, py: 2, px: { xs: 0.5, sm: 7 } }}
    >
      {items.map(([labelId, value, testId]) => (
        <Box key={labelId} sx={{ minWidth: 0, gridColumn: labelId === 'app.forms.description' ? { sm: '1 / -1' } : undefined }}>
          <Typography component="dt" variant="caption" color="text.secondary">{label(labelId)}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
