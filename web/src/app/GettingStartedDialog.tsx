import { useEffect, useId, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { accessOf, type SettingsAccess } from '../settings/access';
import { useCurrentAccount, useProfile } from '../api/accounts';
import { firstUseGuideOpened, markFirstUseGuideOpened } from './dialogs-store';
import { usePreferences } from './preferences-store';

const STEPS = [
  { id: 'dictionary', titleId: 'app.getting-started.dictionary.title', bodyId: 'app.getting-started.dictionary.body' },
  { id: 'project', titleId: 'app.getting-started.project.title', bodyId: 'app.getting-started.project.body' },
  { id: 'members', titleId: 'app.getting-started.members.title', bodyId: 'app.getting-started.members.body' },
] as const;

const MEMBERS_PATH = '/settings/users-and-organization/manage-members';
const DICTIONARY_PATH = '/settings/data/dictionary';

/** The page where the guide opens by itself and may be skipped: the map, or settings home for plus organizations. */
export const mainPageOf = (isPlus: boolean) => (isPlus ? '/settings/home' : '/index.html');

/** Who gets the guide: editors (the getting-started steps) and plus organizations (the quick start). */
export const seesGettingStarted = (access: SettingsAccess) => access.isPlus || access.isEditor;

/** Opens the guide once per visit on the main page until the user skips it (spec 1 §2.12). */
export function useGettingStartedOnFirstUse(open: () => void) {
  const profile = useProfile().data;
  const account = useCurrentAccount().data;
  const prefs = usePreferences((s) => s.prefs);
  const { pathname } = useLocation();
  useEffect(() => {
    if (firstUseGuideOpened() || !profile || !account) return;
    const access = accessOf(profile, account);
    if (!seesGettingStarted(access) || pathname !== mainPageOf(access.isPlus)) return;
    if (access.isPlus ? prefs.skipPlusQuickStartGuide : prefs.skipGettingStartedGuide) return;
    markFirstUseGuideOpened();
    open();
  }, [profile, account, prefs.skipGettingStartedGuide, prefs.skipPlusQuickStartGuide, pathname, open]);
}

/** Three steps for editors (data dictionary, project, members) or the plus quick start. Skip only on the main page. */
export function GettingStartedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useProfile().data;
  const account = useCurrentAccount().data;
  const update = usePreferences((s) => s.update);
  const flush = usePreferences((s) => s.flush);
  const [active, setActive] = useState(0);
  const label = (id: string) => intl.formatMessage({ id });
  const access = profile ? accessOf(profile, account) : null;
  const isPlus = access?.isPlus ?? false;
  const onMainPage = pathname === mainPageOf(isPlus);

  useEffect(() => {
    if (open) setActive(0);
  }, [open]);

  // A deliberate choice (skipping, or finishing with Done): saved at once rather than after the usual 5 s,
  // so the guide does not open again by itself on the next visit.
  const skip = () => {
    update(isPlus ? { skipPlusQuickStartGuide: true } : { skipGettingStartedGuide: true });
    void flush();
    onClose();
  };
  const go = (path: string) => {
    onClose();
    void navigate(path);
  };
  const last = active === STEPS.length - 1;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="getting-started-dialog"
    >
      <DialogTitle id={titleId}>{label(isPlus ? 'app.quick-start.title' : 'app.getting-started.title')}</DialogTitle>
      <DialogContent>
        {isPlus ? (
          <Box>
            <Typography sx={{ mb: 2 }}>{label('app.quick-start.body')}</Typography>
            {access?.isOrgAdmin && (
              <Button variant="outlined" onClick={() => go(MEMBERS_PATH)}>
                {label('app.getting-started.members.go')}
              </Button>
            )}
          </Box>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {label('app.getting-started.subtitle')}
            </Typography>
            <Stepper activeStep={active} orientation="vertical">
              {STEPS.map((step) => (
                <Step key={step.id}>
                  <StepLabel>{label(step.titleId)}</StepLabel>
                  <StepContent>
                    <Typography variant="body2">{label(step.bodyId)}</Typography>
                    {step.id === 'dictionary' && access?.isEditor && (
                      <Button size="small" sx={{ mt: 1 }} onClick={() => go(DICTIONARY_PATH)}>
                        {label('app.getting-started.dictionary.go')}
                      </Button>
                    )}
                    {step.id === 'project' && (
                      <Button size="small" sx={{ mt: 1 }} onClick={() => go('/index.html?pp=1')}>
                        {label('app.getting-started.project.go')}
                      </Button>
                    )}
                    {step.id === 'members' && access?.isOrgAdmin && (
                      <Button size="small" sx={{ mt: 1 }} onClick={() => go(MEMBERS_PATH)}>
                        {label('app.getting-started.members.go')}
                      </Button>
                    )}
                  </StepContent>
                </Step>
              ))}
            </Stepper>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {onMainPage ? (
          <Button onClick={skip} data-testid="getting-started-skip">
            {label('app.getting-started.skip')}
          </Button>
        ) : (
          <Button onClick={onClose} data-testid="getting-started-close">
            {label('app.close')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {!isPlus && (
          <Button onClick={() => setActive((a) => a - 1)} disabled={active === 0}>
            {label('app.back')}
          </Button>
        )}
        {!isPlus && !last ? (
          <Button variant="contained" onClick={() => setActive((a) => a + 1)} data-testid="getting-started-next">
            {label('app.next')}
          </Button>
        ) : (
          <Button variant="contained" onClick={skip} data-testid="getting-started-done">
            {label('app.done')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
