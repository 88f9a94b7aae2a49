import { useId, useState, type ReactNode } from 'react';
import {
  Box,
  ButtonBase,
  Collapse,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Skeleton,
  Typography,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { DictionarySummary } from '../../../api/dictionaries';
import { formatShortDate } from '../../../app/dates';
import { VIEW_PATH } from './paths';

/** A titled block of a list page; collapsible ones have a header button with aria-expanded. */
export function Section({
  title,
  count,
  action,
  collapsible,
  defaultOpen = true,
  children,
  testId,
}: {
  title: string;
  count?: number;
  action?: ReactNode;
  collapsible?: boolean;
  defaultOpen?: boolean;
  children: ReactNode;
  testId: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const heading = (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      {title}
      {count !== undefined && (
        <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
          ({count})
        </Typography>
      )}
    </Typography>
  );
  return (
    <Paper variant="outlined" sx={{ mb: 2, overflow: 'hidden' }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, minHeight: 56 }}>
        {collapsible ? (
          <ButtonBase
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={bodyId}
            sx={{ flex: 1, justifyContent: 'space-between', py: 1.5, textAlign: 'left', borderRadius: 1 }}
            data-testid={`${testId}-toggle`}
          >
            {heading}
            {open ? <ExpandLess /> : <ExpandMore />}
          </ButtonBase>
        ) : (
          <Box sx={{ flex: 1, py: 1.5 }}>{heading}</Box>
        )}
        {action}
      </Box>
      <Collapse in={open} id={bodyId} unmountOnExit>
        <Divider />
        {children}
      </Collapse>
    </Paper>
  );
}

/** Rows of dictionaries; a row opens the dictionary view (the id travels in navigation state). */
export function DictionaryList({
  items,
  loading,
  emptyId,
  actions,
  testId,
}: {
  items: DictionarySummary[];
  loading: boolean;
  emptyId: string;
  actions?: (d: DictionarySummary) => ReactNode;
  testId: string;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  if (loading) {
    return (
      <Box sx={{ p: 2 }}>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Box>
    );
  }
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid={`${testId}-empty`}>
        {intl.formatMessage({ id: emptyId })}
      </Typography>
    );
  }
  return (
    <List disablePadding data-testid={testId}>
      {items.map((d) => (
        <ListItem
          key={d.id}
          disablePadding
          divider
          secondaryAction={actions?.(d)}
          data-testid="dictionary-row"
          data-name={d.name}
        >
          <ListItemButton
            onClick={() => navigate(VIEW_PATH, { state: { dictionaryId: d.id } })}
            sx={{ pr: actions ? 10 : 2 }}
            data-testid="dictionary-open"
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <MenuBookOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={d.name}
              secondary={intl.formatMessage(
                { id: 'app.dictionary.updated-on' },
                { date: formatShortDate(d.updatedAt, intl.locale) },
              )}
              slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
