import { useState } from 'react';
import {
  Accordion,
  AccordionActions,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  CircularProgress,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useIntl } from 'react-intl';
import { FEATURE_FORM_MSG, LOCATE_FORM_ID, type FeatureFormRecord, type FormValue } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { snackFailure } from '../../../app/action-feedback';
import { formatLongDateTime } from '../../../app/dates';
import { PositiveResponseButton } from '../onecall/PositiveResponseButton';
import { openFeaturePdf } from './forms-api';

const shown = (value: FormValue | undefined, yes: string, no: string): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'boolean') return value ? yes : no;
  return String(value);
};

interface Props {
  feature: FeatureOut;
  record: FeatureFormRecord;
  onOpen: (record: FeatureFormRecord, editable: boolean) => void;
  onDelete: (record: FeatureFormRecord) => void;
}

/**
 * One form of the FORMS tab as an accordion (spec 3 §2): its values, and the form info panel's actions:
 * positive response (Locate Form), download PDF, view or edit form, delete form.
 */
export function FormRecordPanel({ feature, record, onOpen, onDelete }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [pdfPending, setPdfPending] = useState(false);
  const editable = record.abilities.edit && record.formAvailable;
  const summaryId = `form-record-${record.id}`;

  const downloadPdf = async () => {
    setPdfPending(true);
    try {
      await openFeaturePdf(record.projectId, feature.id);
    } catch (error) {
      snackFailure(error, FEATURE_FORM_MSG.pdfError);
    } finally {
      setPdfPending(false);
    }
  };

  return (
    <Accordion disableGutters data-testid="form-record" data-record-id={record.id}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId} aria-controls={`${summaryId}-details`}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }} data-testid="form-record-name">
            {record.formName}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {label('app.feature-forms.modified', {
              date: formatLongDateTime(record.modified, intl.locale),
              email: record.modifiedByEmail ?? '—',
            })}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-details`} sx={{ pt: 0 }}>
        {!record.formAvailable && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {label(FEATURE_FORM_MSG.invalidForm)}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, 35%) 1fr', columnGap: 1.5, rowGap: 0.5, m: 0 }}
          data-testid="form-record-values"
        >
          {record.data.map((entry) => (
            <Box key={entry.id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {entry.id}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {shown(entry.value, label('app.yes'), label('app.no'))}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {label('app.feature-forms.added', {
            date: formatLongDateTime(record.created, intl.locale),
            email: record.createdByEmail ?? '—',
          })}
        </Typography>
      </AccordionDetails>
      <AccordionActions
        sx={{
          flexWrap: 'wrap',
          gap: 0.5,
          justifyContent: 'flex-start',
          px: 2,
          pb: 1.5,
          // The gap spaces the buttons, also on a wrapped second row.
          '& > :not(style) ~ :not(style)': { ml: 0 },
        }}
      >
        {record.formId === LOCATE_FORM_ID && <PositiveResponseButton feature={feature} record={record} />}
        <Button
          size="small"
          startIcon={pdfPending ? <CircularProgress size={16} /> : <PictureAsPdfOutlinedIcon />}
          disabled={pdfPending}
          onClick={() => void downloadPdf()}
          data-testid="form-pdf"
        >
          {label('app.feature-forms.pdf')}
        </Button>
        <Button
          size="small"
          startIcon={editable ? <EditOutlinedIcon /> : <VisibilityOutlinedIcon />}
          disabled={!record.formAvailable}
          onClick={() => onOpen(record, editable)}
          data-testid={editable ? 'form-edit' : 'form-view'}
        >
          {label(editable ? 'app.feature-forms.edit' : 'app.feature-forms.view')}
        </Button>
        {record.abilities.delete && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => onDelete(record)}
            data-testid="form-delete"
          >
            {label('app.feature-forms.delete')}
          </Button>
        )}
      </AccordionActions>
    </Accordion>
  );
}
