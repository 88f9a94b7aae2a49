import { useEffect, useEffectEvent, useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import {
  CODES_NEEDING_COMMENTS,
  ONECALL_LIMITS,
  ONECALL_MSG,
  POSITIVE_RESPONSE_CODES,
  commentsError,
  isTicketNumber,
  positiveResponseError,
  type PositiveResponse,
} from '@fieldbook/domain';
import { useSession } from '../../../api/session';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { useDebounced } from '../../../app/use-debounced';
import { useT } from '../../../i18n/translate';
import { isNotFound, oneCallApi, oneCallKeys } from './onecall-api';

interface Props {
  open: boolean;
  onClose: () => void;
  projectId: string;
  /** The ticket to answer (the ticket tab's, or a Locate Form's); the user may type another. */
  ticketNumber?: string | null;
  /** The Locate Form record the response is sent from, if any. */
  featureFormId?: string | null;
  onSent?: (response: PositiveResponse) => void;
}

/**
 * The positive-response dialog (spec 3 §2, §4, §5): the ticket is looked up as its number is typed,
 * the member is picked among those the user may answer for (the first one chosen), a §9 code, and
 * comments (required for 008, 021, 022, 023; 10–255 characters when given). Sent, the response is
 * mailed to the ticket's one-call center.
 */
export function PositiveResponseDialog({ open, onClose, projectId, ticketNumber, featureFormId, onSent }: Props) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const orgId = useSession((s) => s.orgId);
  const queryClient = useQueryClient();
  const [number, setNumber] = useState('');
  const [member, setMember] = useState('');
  const [code, setCode] = useState('');
  const [comments, setComments] = useState('');
  const [commentsTouched, setCommentsTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setNumber(ticketNumber ?? '');
    setMember('');
    setCode('');
    setComments('');
    setCommentsTouched(false);
  }, [open, ticketNumber]);

  const typed = useDebounced(number.trim(), 300);
  const lookup = useQuery({
    queryKey: ['onecall', orgId, 'ticket', typed, projectId],
    queryFn: () => oneCallApi.ticket(typed, projectId),
    enabled: open && isTicketNumber(typed),
    retry: false,
  });
  const ticket = lookup.data?.ticketNumber === number.trim() ? lookup.data : undefined;
  // The first member the user may answer for is chosen as the ticket is found.
  const pickFirstMember = useEffectEvent(() => setMember(ticket?.members[0]?.code ?? ''));
  useEffect(() => pickFirstMember(), [ticket?.id]);

  const ruleError = positiveResponseError({ responseCode: code, comments });
  const commentsRule = commentsError(code, comments);
  const showCommentsRule = !!commentsRule && (commentsTouched || comments.trim() !== '');
  const notFound = isTicketNumber(typed) && isNotFound(lookup.error);
  const numberHelp = !number.trim()
    ? ONECALL_MSG.noTicketNumber
    : notFound
      ? ONECALL_MSG.ticketNotFound
      : lookup.isError
        ? lookup.error.message
        : ticket
          ? intl.formatMessage(
              { id: 'app.onecall.pr.ticket-found' },
              {
                type: ticket.ticketType,
                place: [ticket.fields.address, ticket.fields.city].filter(Boolean).join(', '),
              },
            )
          : isTicketNumber(number.trim())
            ? label('app.onecall.pr.looking-up')
            : label('app.onecall.pr.ticket-format');
  const canSend = !!ticket && ticket.canRespond && !ticket.archived && !!member && !ruleError && !busy;

  const send = async () => {
    if (!ticket) return;
    setBusy(true);
    try {
      const sent = await oneCallApi.respond(ticket.ticketNumber, {
        projectId,
        featureFormId: featureFormId ?? null,
        responseCode: code,
        comments: comments.trim() || null,
        member,
      });
      await queryClient.invalidateQueries({ queryKey: oneCallKeys.all(orgId) });
      showSnack(ONECALL_MSG.positiveResponseSuccess, 'success');
      onSent?.(sent);
      onClose();
    } catch (error) {
      snackFailure(error, ONECALL_MSG.positiveResponseError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      data-testid="positive-response-dialog"
    >
      <DialogTitle id={titleId}>{label('app.onecall.pr.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={label('app.onecall.pr.ticket')}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            required
            error={notFound || (lookup.isError && isTicketNumber(typed)) || !number.trim()}
            helperText={t(numberHelp)}
            slotProps={{ htmlInput: { maxLength: ONECALL_LIMITS.ticketNumberMax, 'data-testid': 'pr-ticket' } }}
          />
          {ticket?.archived && <Alert severity="warning">{label('app.onecall.pr.archived')}</Alert>}
          {ticket && !ticket.canRespond && <Alert severity="info">{label('app.onecall.pr.not-allowed')}</Alert>}
          {ticket && ticket.members.length === 0 && <Alert severity="info">{label('app.onecall.pr.no-members')}</Alert>}
          <TextField
            select
            label={label('app.onecall.pr.member')}
            value={member}
            onChange={(e) => setMember(e.target.value)}
            disabled={!ticket || ticket.members.length === 0}
            required
            helperText={
              ticket
                ? intl.formatMessage(
                    { id: 'app.onecall.pr.notified' },
                    { members: ticket.members_notified.replace(/,/g, ', ') },
                  )
                : ' '
            }
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pr-member' } as object } }}
          >
            {(ticket?.members ?? []).map((m) => (
              <MenuItem key={m.code} value={m.code}>
                {m.name === m.code ? m.code : `${m.code} — ${m.name}`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={label('app.onecall.pr.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            disabled={!ticket}
            required
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pr-code' } as object } }}
          >
            {POSITIVE_RESPONSE_CODES.map((c) => (
              <MenuItem key={c.code} value={c.code}>
                {`${c.code} – ${label(`app.onecall.code.${c.code}`)}`}
                {CODES_NEEDING_COMMENTS.includes(c.code) ? ` ${label('app.onecall.pr.comments-required')}` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={label('app.onecall.pr.comments')}
            value={comments}
            onChange={(e) => setComments(e.target.value)}
            onBlur={() => setCommentsTouched(true)}
            multiline
            minRows={3}
            disabled={!ticket}
            required={CODES_NEEDING_COMMENTS.includes(code)}
            error={showCommentsRule}
            helperText={showCommentsRule ? t(commentsRule) : `${comments.trim().length}/${ONECALL_LIMITS.commentsMax}`}
            slotProps={{ htmlInput: { maxLength: ONECALL_LIMITS.commentsMax + 1, 'data-testid': 'pr-comments' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {label('app.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!canSend} data-testid="pr-send">
          {label('app.onecall.pr.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
