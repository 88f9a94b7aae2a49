import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import { useIntl } from 'react-intl';
import { ATTACHMENT_MSG, type Attachment } from '@fieldbook/domain';
import { useProfile } from '../../../api/accounts';
import type { FeatureOut } from '../../../api/features';
import { snackFailure } from '../../../app/action-feedback';
import { useWorkspaceData } from '../use-workspace-data';
import { attachmentRights } from './attachment-rules';
import { downloadAllAttachments, useAttachments } from './attachments-api';
import { AttachmentList } from './AttachmentList';
import { AttachmentUploadDialog } from './AttachmentUploadDialog';
import { DeleteAttachmentDialog } from './DeleteAttachmentDialog';
import { PreviewPane } from './PreviewPane';

/**
 * ATTACHMENTS tab (spec 3 §2): the feature's files with add (data collectors and up who may edit the
 * feature), download all as a zip, delete (disabled on a read-only layer or without edit rights) and a
 * preview pane of the chosen file that can expand.
 */
export function AttachmentsTab({ feature }: { feature: FeatureOut }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const list = useAttachments(feature.id);
  const { layer, project } = useWorkspaceData();
  const profile = useProfile().data;
  const rights = attachmentRights({
    userType: profile?.userType,
    canEditFeature: !!feature.abilities?.edit,
    layerReadOnly: !!layer(feature.properties.layer_id)?.readOnly,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const [downloading, setDownloading] = useState(false);
  const attachments = list.data ?? [];
  const selected = attachments.find((a) => a.File_ID === selectedId);

  const downloadAll = async () => {
    setDownloading(true);
    try {
      await downloadAllAttachments(feature.id, `attachments-${feature.id.replace('.', '-')}.zip`);
    } catch (error) {
      snackFailure(error, ATTACHMENT_MSG.generic);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box sx={{ pb: 2 }} data-testid="feature-attachments">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1.5, py: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="attachment-count">
          {list.isSuccess ? t('app.attachment.count', { count: attachments.length }) : ' '}
        </Typography>
        <Tooltip title={t('app.attachment.download-all.hint')}>
          <span>
            <Button
              size="small"
              startIcon={downloading ? <CircularProgress size={16} /> : <FolderZipOutlinedIcon />}
              disabled={attachments.length === 0 || downloading}
              onClick={() => void downloadAll()}
              data-testid="attachment-download-all"
            >
              {t('app.attachment.download-all')}
            </Button>
          </span>
        </Tooltip>
        {rights.add && (
          <Button
            size="small"
            variant="contained"
            startIcon={<AttachFileIcon />}
            onClick={() => setAdding(true)}
            data-testid="attachment-add"
          >
            {t('app.attachment.add')}
          </Button>
        )}
      </Box>
      {selected && (
        <PreviewPane
          attachment={selected}
          featureId={feature.id}
          editable={rights.change}
          onClose={() => setSelectedId(null)}
        />
      )}
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} aria-label={t('app.attachment.loading')} />
        </Box>
      ) : list.isError ? (
        <Alert severity="error" sx={{ m: 1.5 }}>
          {t(ATTACHMENT_MSG.generic)}
        </Alert>
      ) : attachments.length === 0 ? (
        <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary" data-testid="attachment-empty">
          {t('app.attachment.empty')}
        </Typography>
      ) : (
        <AttachmentList
          attachments={attachments}
          selectedId={selectedId}
          onSelect={(a) => setSelectedId(a.File_ID === selectedId ? null : a.File_ID)}
          canDelete={rights.change}
          onDelete={setDeleting}
        />
      )}
      {rights.add && (
        <AttachmentUploadDialog
          open={adding}
          feature={feature}
          project={project}
          existing={attachments}
          onClose={() => setAdding(false)}
        />
      )}
      <DeleteAttachmentDialog
        attachment={deleting}
        featureId={feature.id}
        onClose={() => setDeleting(null)}
        onDeleted={(a) => a.File_ID === selectedId && setSelectedId(null)}
      />
    </Box>
  );
}
