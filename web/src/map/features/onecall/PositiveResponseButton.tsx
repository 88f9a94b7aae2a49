import { useState } from 'react';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useIntl } from 'react-intl';
import { canRespondPositively, ticketNumberOf, type FeatureFormRecord } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { PositiveResponseDialog } from './PositiveResponseDialog';
import { useOneCallFlags } from './onecall-api';

/**
 * The form info panel's positive response (spec 3 §2, §5, §6): for a Locate Form record whose ticket
 * number has two non-empty parts around a hyphen, to feature admins of an organization with positive
 * response on. Opens the positive-response dialog on that ticket.
 */
export function PositiveResponseButton({ feature, record }: { feature: FeatureOut; record: FeatureFormRecord }) {
  const intl = useIntl();
  const { positiveResponse } = useOneCallFlags();
  const [open, setOpen] = useState(false);
  const ticketNumber = ticketNumberOf(record);
  if (!positiveResponse || !feature.abilities?.admin || !canRespondPositively(ticketNumber)) return null;
  return (
    <>
      <Button size="small" startIcon={<SendIcon />} onClick={() => setOpen(true)} data-testid="form-positive-response">
        {intl.formatMessage({ id: 'app.onecall.responses.respond' })}
      </Button>
      <PositiveResponseDialog
        open={open}
        onClose={() => setOpen(false)}
        projectId={record.projectId}
        ticketNumber={ticketNumber}
        featureFormId={record.id}
      />
    </>
  );
}
