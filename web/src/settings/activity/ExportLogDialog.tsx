import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ACTIVITY_MSG } from '@fieldbook/domain';
import { activitiesApi } from '../../api/activities';
import type { Project } from '../../api/projects';
import { snackFailure } from '../../app/action-feedback';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { showSnack } from '../../app/snackbar-store';
import type { LogFilterState } from './log-filters';

/** The browser's IANA zone, the one the CSV's times are written in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Project id → name of the user's projects, so the CSV names projects as the user knows them (spec 3 §7). */
export const projectMappingOf = (projects: Project[]) => Object.fromEntries(projects.map((p) => [p.id, p.name]));

interface Props {
  open: boolean;
  onClose: () => void;
  filters: LogFilterState;
  projects: Project[];
}

/** Confirms, then asks for the filtered log as a CSV export job (it shows in the jobs panel). */
export function ExportLogDialog({ open, onClose, filters, projects }: Props) {
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const zone = browserTimeZone();

  const confirm = async () => {
    setPending(true);
    try {
      await activitiesApi.exportLog(filters, projectMappingOf(projects), zone);
      showSnack(ACTIVITY_MSG.exportSuccess, 'success', undefined, 10_000);
      onClose();
    } catch (error) {
      snackFailure(error, 'app.as.logs.export.error');
    } finally {
      setPending(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={intl.formatMessage({ id: 'app.as.logs.export.title' })}
      confirmLabel={intl.formatMessage({ id: 'app.as.logs.export' })}
      pending={pending}
      onConfirm={() => void confirm()}
      onClose={onClose}
      testId="log-export-dialog"
      confirmTestId="log-export-confirm"
    >
      {intl.formatMessage({ id: 'app.as.logs.export.text' }, { zone })}
    </ConfirmDialog>
  );
}
