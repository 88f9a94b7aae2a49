import { Avatar } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { Attachment } from '@fieldbook/domain';
import { previewKindOf } from './attachment-rules';
import { useRetriedUrl } from './use-retried-url';

const SIZE = 56;

function KindIcon({ contentType }: { contentType: string }) {
  const kind = previewKindOf(contentType);
  if (kind === 'pdf') return <PictureAsPdfOutlinedIcon />;
  return kind === 'image' ? <ImageOutlinedIcon /> : <InsertDriveFileOutlinedIcon />;
}

function ThumbImage({ attachment }: { attachment: Attachment }) {
  const { url, failed, attempt, onError } = useRetriedUrl(attachment.File_ID, true);
  return (
    <Avatar variant="rounded" sx={{ width: SIZE, height: SIZE, bgcolor: 'action.selected', color: 'text.secondary' }}>
      {url && !failed ? (
        <img
          key={attempt}
          src={url}
          alt=""
          onError={onError}
          data-testid="attachment-thumb"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <KindIcon contentType={attachment.content_type} />
      )}
    </Avatar>
  );
}

/** The 375 px thumbnail the server made of an image, cropped square; an icon of the kind for other files. */
export function AttachmentThumb({ attachment }: { attachment: Attachment }) {
  if (attachment.has_thumbnail) return <ThumbImage attachment={attachment} />;
  return (
    <Avatar variant="rounded" sx={{ width: SIZE, height: SIZE, bgcolor: 'action.selected', color: 'text.secondary' }}>
      <KindIcon contentType={attachment.content_type} />
    </Avatar>
  );
}
