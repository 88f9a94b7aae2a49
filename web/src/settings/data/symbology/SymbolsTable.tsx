import type { ReactNode } from 'react';
import { Box, Link, TableCell, Typography } from '@mui/material';
import HideImageOutlinedIcon from '@mui/icons-material/HideImageOutlined';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS } from '@fieldbook/domain';
import { useMemberById, type SymbolItem, type SymbolPage, type SymbolQuery } from '../../../api/symbols';
import { formatLongDateTime } from '../../../app/dates';
import { PagedTable, type PagingProps, RowActions, useSortHeader } from '../../../app/PagedTable';
import { visuallyHidden } from '../../../app/visually-hidden';

type Sort = Pick<SymbolQuery, 'sort' | 'order'>;

interface Props extends PagingProps {
  page: SymbolPage | undefined;
  /** When the rows were fetched: the image cache buster of this rendering of the table. */
  loadedAt: number;
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
export function SymbolsTable({ page, loadedAt, sort, onSortChange, isAdmin, onEdit, onDelete, ...paging }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const header = useSortHeader(sort, onSortChange, 'symbols-sort');

  return (
    <PagedTable
      rows={page?.data}
      totalCount={page?.totalCount}
      pageSize={DICTIONARY_LIMITS.symbolPageSize}
      {...paging}
      names={{ plural: 'symbols', singular: 'symbol' }}
      labelIds={{ table: 'app.data.symbol.table', details: 'app.data.symbol.details', empty: 'app.data.symbol.none' }}
      colSpan={5}
      headerCells={
        <>
          {header('name', 'app.data.column.name')}
          {header('format', 'app.data.column.type', fromSm)}
          <TableCell>{label('app.data.symbol.column.image')}</TableCell>
          {isAdmin && (
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {label('app.data.column.actions')}
              </Box>
            </TableCell>
          )}
        </>
      }
      rowTestId={(s) => s.name}
      expandLabel={(s) => label('app.data.symbol.details.toggle', { name: s.name })}
      renderDetail={(s, id) => <SymbolDetail symbol={s} id={id} />}
      renderCells={(s) => (
        <>
          <TableCell sx={{ maxWidth: { xs: 140, sm: 320 }, overflowWrap: 'anywhere' }} data-testid="symbol-cell-name">
            {s.name}
          </TableCell>
          <TableCell sx={fromSm} data-testid="symbol-cell-format">
            {formatLabel(s.format)}
          </TableCell>
          <TableCell sx={{ py: 0.5 }}>
            <SymbolImage symbol={s} buster={loadedAt} />
          </TableCell>
          {isAdmin && (
            <RowActions
              editLabel={label('app.data.symbol.edit')}
              editNamedLabel={label('app.data.symbol.edit.named', { name: s.name })}
              deleteLabel={label('app.data.symbol.delete')}
              deleteNamedLabel={label('app.data.symbol.delete.named', { name: s.name })}
              onEdit={() => onEdit(s)}
              onDelete={() => onDelete(s)}
              testIdPrefix="symbol"
            />
          )}
        </>
      )}
    />
  );
}

/** The preview, or a placeholder while a symbol has no image yet. */
export function SymbolImage({
  symbol,
  buster,
  size = 32,
}: {
  symbol: SymbolItem;
  buster: number | string;
  size?: number;
}) {
  const intl = useIntl();
  if (!symbol.symbolUrl) {
    return (
      <HideImageOutlinedIcon color="disabled" titleAccess={intl.formatMessage({ id: 'app.data.symbol.no-image' })} />
    );
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
    [
      'app.data.symbol.detail.created',
      when(symbol.createdAt, symbol.createdBy, 'symbol-detail-created'),
      'symbol-detail-created-by',
    ],
    [
      'app.data.symbol.detail.modified',
      when(symbol.updatedAt, symbol.updatedBy, 'symbol-detail-modified'),
      'symbol-detail-modified-by',
    ],
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
        <Box
          key={labelId}
          sx={{ minWidth: 0, gridColumn: labelId === 'app.data.symbol.detail.url' ? { sm: '1 / -1' } : undefined }}
        >
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
