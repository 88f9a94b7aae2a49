import { Fragment, useState, type ReactNode } from 'react';
import {
  Box, Collapse, IconButton, LinearProgress, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead,
  TablePagination, TableRow, TableSortLabel, Tooltip, Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HideImageOutlinedIcon from '@mui/icons-material/HideImageOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS } from '@fieldbook/domain';
import { useMemberById, type SymbolItem, type SymbolPage, type SymbolQuery } from '../../../api/symbols';
import { formatLongDateTime } from '../../../app/dates';
import { visuallyHidden } from '../../../app/visually-hidden';

type Sort = Pick<SymbolQuery, 'sort' | 'order'>;

interface Props {
  page: SymbolPage | undefined;
  loading: boolean;
  /** When the rows were fetched: the image cache buster of this rendering of the table. */
  loadedAt: number;
  pageIndex: number;
  onPageChange: (page: number) => void;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  isAdmin: boolean;
  onEdit: (symbol: SymbolItem) => void;
  onDelete: (symbol: SymbolItem) => void;
}

const fromSm = { display: { xs: 'none', sm: 'table-cell' } };

/**
 * The image URL with a cache buster of its own (spec 2 §2: cache-busted on every render), on top of
 * the server's `?v=` of the last change.
 */
export function symbolImageSrc(symbolUrl: string, buster: number | string): string {
  return `${symbolUrl}${symbolUrl.includes('?') ? '&' : '?'}cb=${buster}`;
}

export function formatLabel(format: SymbolItem['format']): string {
  return format ? format.toUpperCase() : '—';
}

/** The symbol table: name, type (hidden on extra-small screens), image, and an expandable detail row. */
export function SymbolsTable({ page, loading, loadedAt, pageIndex, onPageChange, sort, onSortChange, isAdmin, onEdit, onDelete }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [expanded, setExpanded] = useState<string | null>(null);
  const rows = page?.data ?? [];

  const header = (field: Sort['sort'], labelId: string, sx?: object) => (
    <TableCell sx={sx} sortDirection={sort.sort === field ? sort.order : false}>
      <TableSortLabel
        active={sort.sort === field}
        direction={sort.sort === field ? sort.order : 'asc'}
        onClick={() => onSortChange({ sort: field, order: sort.sort === field && sort.order === 'asc' ? 'desc' : 'asc' })}
        data-testid={`symbols-sort-${field}`}
      >
        {label(labelId)}
        {sort.sort === field && (
          <Box component="span" sx={visuallyHidden}>
            {label(sort.order === 'desc' ? 'app.table.sorted-desc' : 'app.table.sorted-asc')}
          </Box>
        )}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={label('app.loading')} />}</Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={label('app.data.symbol.table')}
          data-testid="symbols-table"
          sx={{ '& td:not(.MuiTableCell-paddingCheckbox), & th:not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {label('app.data.symbol.details')}
                </Box>
              </TableCell>
              {header('name', 'app.data.column.name')}
              {header('format', 'app.data.column.type', fromSm)}
              <TableCell>{label('app.data.symbol.column.image')}</TableCell>
              {isAdmin && (
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>{label('app.data.column.actions')}</Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((s) => {
              const open = expanded === s.id;
              return (
                <Fragment key={s.id}>
                  <TableRow hover data-testid={`symbol-row-${s.name}`} sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={label('app.data.symbol.details.toggle', { name: s.name })}
                        aria-expanded={open}
                        aria-controls={`symbol-detail-${s.id}`}
                        onClick={() => setExpanded(open ? null : s.id)}
                        data-testid="symbol-expand"
                      >
                        {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                      </IconButton>
                    </TableCell>
                    <TableCell sx={{ maxWidth: { xs: 140, sm: 320 }, overflowWrap: 'anywhere' }} data-testid="symbol-cell-name">
                      {s.name}
                    </TableCell>
                    <TableCell sx={fromSm} data-testid="symbol-cell-format">{formatLabel(s.format)}</TableCell>
                    <TableCell sx={{ py: 0.5 }}>
                      <SymbolImage symbol={s} buster={loadedAt} />
                    </TableCell>
                    {isAdmin && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5, pr: { xs: 0.5, sm: 1 } }}>
                        <Tooltip title={label('app.data.symbol.edit')}>
                          <IconButton aria-label={label('app.data.symbol.edit.named', { name: s.name })} onClick={() => onEdit(s)} data-testid="symbol-edit">
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={label('app.data.symbol.delete')}>
                          <IconButton aria-label={label('app.data.symbol.delete.named', { name: s.name })} onClick={() => onDelete(s)} data-testid="symbol-delete">
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={5} sx={{ py: 0, ...(open ? {} : { borderBottom: 'none' }) }}>
                      <Collapse in={open} timeout="auto" unmountOnExit>
                        <SymbolDetail symbol={s} id={`symbol-detail-${s.id}`} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
            {page && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="symbols-empty">
                    {label('app.data.symbol.none')}
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
        rowsPerPage={DICTIONARY_LIMITS.symbolPageSize}
        rowsPerPageOptions={[]}
        labelDisplayedRows={({ from, to, count }) => label('app.table.displayed-rows', { from: String(from), to: String(to), count: String(count) })}
        getItemAriaLabel={(type) => label(`app.table.page.${type}`)}
        data-testid="symbols-pagination"
      />
    </Paper>
  );
}

/** The preview, or a placeholder while a symbol has no image yet. */
export function SymbolImage({ symbol, buster, size = 32 }: { symbol: SymbolItem; buster: number | string; size?: number }) {
  const intl = useIntl();
  if (!symbol.symbolUrl) {
    return <HideImageOutlinedIcon color="disabled" titleAccess={intl.formatMessage({ id: 'app.data.symbol.no-image' })} />;
  }
  return (
    <Box
      component="img"
      src={symbolImageSrc(symbol.symbolUrl, buster)}
      alt={intl.formatMessage({ id: 'app.data.symbol.image.alt' }, { name: symbol.name })}
      data-testid="symbol-image"
      sx={{ width: size, height: size, objectFit: 'contain', display: 'block' }}
    />
  );
}

function PersonName({ id }: { id: string | null }) {
  const member = useMemberById(id);
  if (!id || !member.data) return null;
  const name = [member.data.firstName, member.data.lastName].filter(Boolean).join(' ');
  return <>{name ? `${name} (${member.data.email})` : member.data.email}</>;
}

/** Created and modified (date and who), original file name, format and the image URL. */
function SymbolDetail({ symbol, id }: { symbol: SymbolItem; id: string }) {
  const intl = useIntl();
  const label = (key: string) => intl.formatMessage({ id: key });
  const when = (date: string, who: string | null, testId: string) => (
    <>
      <span data-testid={testId}>{formatLongDateTime(date, intl.locale)}</span>
      {who && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          <PersonName id={who} />
        </Typography>
      )}
    </>
  );
  const items: [string, ReactNode, string][] = [
    ['app.data.symbol.detail.created', when(symbol.createdAt, symbol.createdBy, 'symbol-detail-created'), 'symbol-detail-created-by'],
    ['app.data.symbol.detail.modified', when(symbol.updatedAt, symbol.updatedBy, 'symbol-detail-modified'), 'symbol-detail-modified-by'],
    ['app.data.symbol.detail.original-name', symbol.originalName ?? '—', 'symbol-detail-original-name'],
    ['app.data.column.type', formatLabel(symbol.format), 'symbol-detail-format'],
    [
      'app.data.symbol.detail.url',
      symbol.symbolUrl ? (
        <Link href={symbol.symbolUrl} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
          {symbol.symbolUrl}
        </Link>
      ) : (
        '—'
      ),
      'symbol-detail-url',
    ],
  ];
  return (
    <Box
      id={id}
      component="dl"
      data-testid="symbol-detail"
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
        <Box key={labelId} sx={{ minWidth: 0, gridColumn: labelId === 'app.data.symbol.detail.url' ? { sm: '1 / -1' } : undefined }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label(labelId)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
