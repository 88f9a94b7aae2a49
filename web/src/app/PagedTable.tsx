import { Fragment, useState, type ReactNode } from 'react';
import {
  Box,
  Collapse,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useIntl } from 'react-intl';
import { visuallyHidden } from './visually-hidden';

export interface SortState<F extends string> {
  sort: F;
  order: 'asc' | 'desc';
}

interface SortableHeaderCellProps<F extends string> {
  field: F;
  label: string;
  sort: SortState<F>;
  onSortChange: (sort: SortState<F>) => void;
  testId: string;
  sx?: object;
}

/** A column header that sorts the server-paged rows, announcing the direction to screen readers. */
export function SortableHeaderCell<F extends string>({
  field,
  label,
  sort,
  onSortChange,
  testId,
  sx,
}: SortableHeaderCellProps<F>) {
  const intl = useIntl();
  const active = sort.sort === field;
  return (
    <TableCell sx={sx} sortDirection={active ? sort.order : false}>
      <TableSortLabel
        active={active}
        direction={active ? sort.order : 'asc'}
        onClick={() => onSortChange({ sort: field, order: active && sort.order === 'asc' ? 'desc' : 'asc' })}
        data-testid={testId}
      >
        {label}
        {active && (
          <Box component="span" sx={visuallyHidden}>
            {intl.formatMessage({ id: sort.order === 'desc' ? 'app.table.sorted-desc' : 'app.table.sorted-asc' })}
          </Box>
        )}
      </TableSortLabel>
    </TableCell>
  );
}

/** How the paging of a server-paged table is driven by its page. */
export interface PagingProps {
  loading: boolean;
  pageIndex: number;
  onPageChange: (page: number) => void;
}

/** The sortable header cells of a table: `header(field, labelId, sx?)`, test ids `{testIdPrefix}-{field}`. */
export function useSortHeader<F extends string>(
  sort: SortState<F>,
  onSortChange: (sort: SortState<F>) => void,
  testIdPrefix: string,
) {
  const intl = useIntl();
  return (field: F, labelId: string, sx?: object) => (
    <SortableHeaderCell
      field={field}
      label={intl.formatMessage({ id: labelId })}
      sort={sort}
      onSortChange={onSortChange}
      testId={`${testIdPrefix}-${field}`}
      sx={sx}
    />
  );
}

interface PagedTableProps<T extends { id: string }> extends PagingProps {
  /** The rows of the current page; undefined until the first page has loaded. */
  rows: T[] | undefined;
  totalCount: number | undefined;
  pageSize: number;
  /**
   * Test id prefixes: `{plural}-table`, `{plural}-pagination`, `{plural}-empty` of the table;
   * `{singular}-row-…`, `{singular}-expand` and the detail id `{singular}-detail-{id}` of a row.
   */
  names: { plural: string; singular: string };
  /** Message ids of the table's accessible name, the expand column's header and the empty state. */
  labelIds: { table: string; details: string; empty: string };
  /** Number of columns the detail and empty rows span. */
  colSpan: number;
  /** The header cells after the expand column. */
  headerCells: ReactNode;
  /** The `data-testid` suffix of a row (after `{singular}-row-`). */
  rowTestId: (row: T) => string;
  /** The accessible label of a row's expand button. */
  expandLabel: (row: T) => string;
  /** The cells of a row after the expand button. */
  renderCells: (row: T) => ReactNode;
  /** The detail shown when a row is expanded, with the id its expand button controls. */
  renderDetail: (row: T, id: string) => ReactNode;
}

/** A server-paged table: loading bar, expandable rows with a collapsing detail, empty state and pagination. */
export function PagedTable<T extends { id: string }>(props: PagedTableProps<T>) {
  const { rows, totalCount, loading, pageIndex, pageSize, onPageChange, colSpan, labelIds } = props;
  const { plural, singular } = props.names;
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [expanded, setExpanded] = useState<string | null>(null);
  const loaded = rows !== undefined;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={label('app.loading')} />}</Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={label(labelIds.table)}
          data-testid={`${plural}-table`}
          // Narrow phones need every pixel: tighter cell padding below sm.
          sx={{
            '& td:not(.MuiTableCell-paddingCheckbox), & th:not(.MuiTableCell-paddingCheckbox)': {
              px: { xs: 1, sm: 2 },
            },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {label(labelIds.details)}
                </Box>
              </TableCell>
              {props.headerCells}
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row) => {
              const open = expanded === row.id;
              const detailId = `${singular}-detail-${row.id}`;
              return (
                <Fragment key={row.id}>
                  <TableRow
                    hover
                    data-testid={`${singular}-row-${props.rowTestId(row)}`}
                    sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}
                  >
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={props.expandLabel(row)}
                        aria-expanded={open}
                        aria-controls={detailId}
                        onClick={() => setExpanded(open ? null : row.id)}
                        data-testid={`${singular}-expand`}
                      >
                        {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                      </IconButton>
                    </TableCell>
                    {props.renderCells(row)}
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={colSpan} sx={{ py: 0, ...(open ? {} : { borderBottom: 'none' }) }}>
                      <Collapse in={open} timeout="auto" unmountOnExit>
                        {props.renderDetail(row, detailId)}
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
            {loaded && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan}>
                  <Typography
                    color="text.secondary"
                    sx={{ py: 2, textAlign: 'center' }}
                    data-testid={`${plural}-empty`}
                  >
                    {label(labelIds.empty)}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={totalCount ?? 0}
        page={loaded ? pageIndex : 0}
        onPageChange={(_, p) => onPageChange(p)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
        labelDisplayedRows={({ from, to, count }) =>
          label('app.table.displayed-rows', { from: String(from), to: String(to), count: String(count) })
        }
        getItemAriaLabel={(type) => label(`app.table.page.${type}`)}
        data-testid={`${plural}-pagination`}
      />
    </Paper>
  );
}

interface RowActionsProps {
  editLabel: string;
  editNamedLabel: string;
  deleteLabel: string;
  deleteNamedLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** `{testIdPrefix}-edit` and `{testIdPrefix}-delete`. */
  testIdPrefix: string;
}

/** The trailing cell of a row: edit and delete buttons with tooltips. */
export function RowActions({
  editLabel,
  editNamedLabel,
  deleteLabel,
  deleteNamedLabel,
  onEdit,
  onDelete,
  testIdPrefix,
}: RowActionsProps) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5, pr: { xs: 0.5, sm: 1 } }}>
      <Tooltip title={editLabel}>
        <IconButton aria-label={editNamedLabel} onClick={onEdit} data-testid={`${testIdPrefix}-edit`}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={deleteLabel}>
        <IconButton aria-label={deleteNamedLabel} onClick={onDelete} data-testid={`${testIdPrefix}-delete`}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </TableCell>
  );
}
