import { useState } from 'react';
import { Box, Button } from '@mui/material';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { useIntl } from 'react-intl';
import type { Project } from '../../../api/projects';
import { useOneCallFlags } from '../../features/onecall/onecall-api';
import { OneCallEmailsDialog } from './OneCallEmailsDialog';

/** Project details' one-call edit button (spec 3 §2): project admins of an organization with one-call on. */
export function OneCallEditButton({ project }: { project: Project }) {
  const intl = useIntl();
  const { enabled } = useOneCallFlags();
  const [open, setOpen] = useState(false);
  if (!enabled || !project.abilities.admin) return null;
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<MarkEmailReadIcon />}
        onClick={() => setOpen(true)}
        data-testid="project-onecall-edit"
      >
        {intl.formatMessage({ id: 'app.onecall.edit' })}
      </Button>
      <OneCallEmailsDialog open={open} project={project} onClose={() => setOpen(false)} />
    </Box>
  );
}
