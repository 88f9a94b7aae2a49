import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { SvgIconComponent } from '@mui/icons-material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useIntl } from 'react-intl';
import type { Member } from '@fieldbook/domain';
import { ACTION_LABEL, fullName, memberActions, type MemberAction } from './member-format';

const ICONS: Record<MemberAction, SvgIconComponent> = {
  edit: EditOutlinedIcon,
  delete: DeleteOutlineIcon,
  disable: BlockIcon,
  enable: CheckCircleOutlineIcon,
  resend: ForwardToInboxOutlinedIcon,
  promote: ArrowUpwardIcon,
  demote: ArrowDownwardIcon,
};

interface Props {
  member: Member;
  selfId: string | undefined;
  isPlus: boolean;
  onAction: (action: MemberAction, member: Member) => void;
}

/**
 * Row actions of an organization admin: icon buttons with tooltips on wide screens, a "more" menu
 * with the same entries on small ones. Each is labelled with the action and the member's name.
 */
export function MemberActions({ member, selfId, isPlus, onAction }: Props) {
  const intl = useIntl();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = fullName(member);
  const actions = memberActions(member, { selfId, isPlus });
  const labelOf = (action: MemberAction) => intl.formatMessage({ id: ACTION_LABEL[action] });
  const ariaOf = (action: MemberAction) =>
    intl.formatMessage({ id: 'app.mm.action.aria' }, { action: labelOf(action), name });

  if (wide) {
    return (
      <>
        {actions.map(({ action, disabled }) => {
          const Icon = ICONS[action];
          return (
            <Tooltip key={action} title={labelOf(action)}>
              {/* The span keeps the tooltip working on a disabled button. */}
              <span>
                <IconButton
                  size="small"
                  aria-label={ariaOf(action)}
                  disabled={disabled}
                  onClick={() => onAction(action, member)}
                  data-testid={`member-${action}`}
                >
                  <Icon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          );
        })}
      </>
    );
  }

  return (
    <>
      <IconButton
        aria-label={intl.formatMessage({ id: 'app.mm.actions.for' }, { name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="member-actions"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {actions.map(({ action, disabled }) => {
          const Icon = ICONS[action];
          return (
            <MenuItem
              key={action}
              disabled={disabled}
              aria-label={ariaOf(action)}
              onClick={() => {
                setAnchor(null);
                onAction(action, member);
              }}
              data-testid={`member-${action}`}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{labelOf(action)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
