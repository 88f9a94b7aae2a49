import { Fragment, type Ref } from 'react';
import { Box, Collapse, IconButton, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import RestoreIcon from '@mui/icons-material/Restore';
import { useIntl } from 'react-intl';
import type { ActivityEntry } from '@fieldbook/domain';
import { useT } from '../../i18n/translate';
import {
  artifactLabelId,
  artifactText,
  categoryLabelId,
  formatLogTime,
  projectNameOf,
  typeLabelId,
} from './log-format';

export interface LogRowOptions {
  /**
   * Phone width or a narrow panel: the date without its time above the performer, and action and category
   * (and the project) in one column.
   */
  compact: boolean;
  showProject: boolean;
  /** Times with the dates (default: on wide screens only; the feature panel keeps them, restores need them). */
  showTime?: boolean;
  projectNames: Map<string, string>;
  /** Whether the row offers Restore (an Add, Edit or Delete of a feature the user may restore). */
  canRestore: (entry: ActivityEntry) => boolean;
  onRestore: (entry: ActivityEntry) => void;
}

interface Props extends LogRowOptions {
  entry: ActivityEntry;
  open: boolean;
  onToggle: () => void;
  colSpan: number;
  /** Set on the last row: reaching it loads the next page. */
  rowRef?: Ref<HTMLTableRowElement>;
}

/** One entry of the log (spec 3 §2): date, performer, action, category, project; expands to message and artifact. */
export function LogRow({ entry, open, onToggle, colSpan, rowRef, ...o }: Props) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const detailId = `log-detail-${entry.Id}`;
  const action = t(typeLabelId(entry.Type));
  const category = t(categoryLabelId(entry.Category));
  const project = projectNameOf(entry, o.projectNames);
  const artifact = artifactText(entry.Artifact);
  const restorable = o.canRestore(entry);
  const date = formatLogTime(entry.Timestamp, intl.locale, o.showTime ?? !o.compact);
  const performer = entry.User.email ?? label('app.as.logs.unknown-user');
  const projectText =
    project === null ? label('app.as.logs.no-project') : (project ?? label('app.as.logs.unknown-project'));

  return (
    <Fragment>
      <TableRow
        hover
        ref={rowRef}
        data-testid="log-row"
        data-entry={entry.Id}
        data-type={entry.Type}
        data-category={entry.Category}
        sx={{ '& > td': { borderBottom: open ? 'none' : undefined }, verticalAlign: 'top' }}
      >
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={label(open ? 'app.as.logs.collapse' : 'app.as.logs.expand')}
            aria-expanded={open}
            aria-controls={detailId}
            onClick={onToggle}
            data-testid="log-expand"
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        {o.compact ? (
          <>
            <TableCell>
              <Box sx={{ whiteSpace: o.showTime ? 'normal' : 'nowrap' }} data-testid="log-date">
                {date}
              </Box>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere' }}
                data-testid="log-performer"
              >
                {performer}
              </Typography>
            </TableCell>
            <TableCell>
              <Box data-testid="log-action-category">
                {action}
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {category}
                </Typography>
              </Box>
              {o.showProject && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere', fontStyle: 'italic' }}
                  data-testid="log-project"
                >
                  {projectText}
                </Typography>
              )}
            </TableCell>
          </>
        ) : (
          <>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="log-date">
              {date}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }} data-testid="log-performer">
              {performer}
            </TableCell>
            <TableCell data-testid="log-action">{action}</TableCell>
            <TableCell data-testid="log-category">{category}</TableCell>
            {o.showProject && (
              <TableCell
                sx={{ overflowWrap: 'break-word', color: project ? undefined : 'text.secondary' }}
                data-testid="log-project"
              >
                {projectText}
              </TableCell>
            )}
          </>
        )}
        <TableCell align="right" sx={{ px: 0.5 }}>
          {restorable && (
            <Tooltip title={label('app.as.logs.restore')}>
              <IconButton
                size="small"
                color="primary"
                aria-label={label('app.as.logs.restore')}
                onClick={() => o.onRestore(entry)}
                data-testid="log-restore"
              >
                <RestoreIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={colSpan} sx={{ py: 0, ...(open ? {} : { borderBottom: 'none' }) }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box id={detailId} sx={{ py: 1.5, pl: o.compact ? 0 : 6 }} data-testid="log-detail">
              <Typography variant="overline" component="h3" color="text.secondary">
                {label('app.as.logs.message')}
              </Typography>
              <Typography sx={{ mb: artifact ? 1.5 : 0, wordBreak: 'break-word' }} data-testid="log-message">
                {entry.Message}
              </Typography>
              {artifact && (
                <>
                  <Typography variant="overline" component="h3" color="text.secondary" data-testid="log-artifact-label">
                    {label(artifactLabelId(entry))}
                  </Typography>
                  <Box
                    component="pre"
                    data-testid="log-artifact"
                    sx={{
                      m: 0,
                      p: { xs: 1, sm: 1.5 },
                      borderRadius: 1,
                      bgcolor: 'action.hover',
                      fontSize: 12,
                      lineHeight: 1.5,
                      overflow: 'auto',
                      maxHeight: 320,
                      // Wrapped, not scrolled: a long line would widen the whole table past a phone's width.
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {artifact}
                  </Box>
                </>
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}
