import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/client';
import { useStyles, type StyleItem } from '../../../api/styles';
import { CenteredProgress } from '../../../app/CenteredProgress';
import { visuallyHidden } from '../../../app/visually-hidden';
import { useT } from '../../../i18n/translate';
import { useSettingsAccess } from '../../access';
import { PageHeader } from '../../PageHeader';
import { StyleDeleteDialog } from './StyleDeleteDialog';
import { StyleUploadDialog } from './StyleUploadDialog';
import { STYLE_EDIT_PATH, styleFormatLabelId, type StyleEditState } from './style-paths';

/**
 * /settings/data/style (spec 2 §2 Styles): the organization's styles (dictionary styles are not
 * listed) with edit (or view) and delete; organization admins upload new ones.
 */
export function StylesPage() {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const access = useSettingsAccess();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const isAdmin = access?.isOrgAdmin ?? false;
  const styles = useStyles();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<StyleItem | null>(null);
  const rows = styles.data ?? [];

  const open = (style: StyleItem) => navigate(STYLE_EDIT_PATH, { state: { style } satisfies StyleEditState });

  return (
    <>
      <PageHeader title={label('app.settings.data.style')} subtitle={label('app.data.style.subtitle')} />
      {isAdmin && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            variant="contained"
            startIcon={<UploadFileOutlinedIcon />}
            onClick={() => setUploading(true)}
            data-testid="styles-add"
          >
            {label('app.data.style.add')}
          </Button>
        </Box>
      )}
      {styles.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => void styles.refetch()}>
              {label('app.retry')}
            </Button>
          }
        >
          {t(errorMessageOf(styles.error))}
        </Alert>
      )}
      {styles.isPending ? (
        <CenteredProgress label={label('app.loading')} />
      ) : (
        !styles.isError && (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <TableContainer>
              <Table size="small" aria-label={label('app.data.style.table')} data-testid="styles-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{label('app.data.column.name')}</TableCell>
                    <TableCell>{label('app.data.column.type')}</TableCell>
                    <TableCell align="right">
                      <Box component="span" sx={visuallyHidden}>
                        {label('app.data.column.actions')}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((s) => (
                    <TableRow key={s.id} hover data-testid={`style-row-${s.name}`}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }} data-testid="style-cell-name">
                        {s.name}
                      </TableCell>
                      <TableCell data-testid="style-cell-format">{label(styleFormatLabelId(s.format))}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5, pr: { xs: 0.5, sm: 1 } }}>
                        {isAdmin ? (
                          <Tooltip title={label('app.data.style.edit')}>
                            <IconButton
                              aria-label={label('app.data.style.edit.named', { name: s.name })}
                              onClick={() => open(s)}
                              data-testid="style-edit"
                            >
                              <EditOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : (
                          <Tooltip title={label('app.data.style.view')}>
                            <IconButton
                              aria-label={label('app.data.style.view.named', { name: s.name })}
                              onClick={() => open(s)}
                              data-testid="style-view"
                            >
                              <VisibilityOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                        {isAdmin && (
                          <Tooltip title={label('app.data.style.delete')}>
                            <IconButton
                              aria-label={label('app.data.style.delete.named', { name: s.name })}
                              onClick={() => setDeleting(s)}
                              data-testid="style-delete"
                            >
                              <DeleteOutlineIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                  {rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={3}>
                        <Typography
                          color="text.secondary"
                          sx={{ py: 2, textAlign: 'center' }}
                          data-testid="styles-none"
                        >
                          {label('app.data.style.none')}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        )
      )}
      {isAdmin && (
        <>
          <StyleUploadDialog
            open={uploading}
            onClose={() => setUploading(false)}
            existingNames={rows.map((s) => s.name)}
          />
          <StyleDeleteDialog style={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </>
  );
}
