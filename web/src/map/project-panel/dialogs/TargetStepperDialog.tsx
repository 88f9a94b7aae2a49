import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import type { Project } from '../../../api/projects';
import { ChoiceList, StepperDialog, type Choice } from './StepperDialog';

/**
 * What a move or share dialog has chosen so far (spec 3 §2, §4): its step, the target project and the
 * target in it (a folder or a layer), and whether the finishing request is in flight.
 */
export function useTargetSteps(open: boolean, projects: Project[], startProjectId = '') {
  const [step, setStep] = useState(0);
  const [projectId, setProjectId] = useState('');
  const [targetId, setTargetId] = useState('');
  const [busy, setBusy] = useState(false);
  // Each opening starts again at the first step.
  useEffect(() => {
    if (!open) return;
    setStep(0);
    setProjectId(startProjectId);
    setTargetId('');
  }, [open, startProjectId]);
  // Stable, so that an effect may choose a project without running again on every render.
  const chooseProject = useCallback((id: string) => {
    setProjectId(id);
    setTargetId('');
  }, []);
  return {
    step,
    setStep,
    projectId,
    /** The chosen project, once the project list holds it. */
    project: projects.find((p) => p.id === projectId),
    /** Changing project resets the target (spec 3 §4). */
    chooseProject,
    targetId,
    setTargetId,
    busy,
    /** Runs the finishing request with the dialog busy (nothing can be clicked) until it settles. */
    whileBusy: async (request: () => Promise<void>) => {
      setBusy(true);
      try {
        await request();
      } finally {
        setBusy(false);
      }
    },
  };
}

export type TargetSteps = ReturnType<typeof useTargetSteps>;

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  /** "Move" unless given. */
  finishLabel?: string;
  steps: TargetSteps;
  projectChoices: Choice[];
  /** The second step's name in the stepper ("Folder" unless given), and the label of its list when that differs. */
  targetStep?: string;
  targetListLabel?: string;
  targetChoices: Choice[];
  /** What the second step says when there is nothing to choose ("no folders" unless given). */
  noTargets?: string;
  /** Whether the chosen project, then the chosen target, let the user go on; a chosen project will do unless given. */
  projectReady?: boolean;
  targetReady: boolean;
  canFinish: boolean;
  onFinish: () => Promise<void>;
  /** What the last step says will happen. */
  summary: ReactNode;
  /** Shown above every step (e.g. why nothing can be moved). */
  notice?: ReactNode;
}

/** The three steps of the move and share dialogs: a project, a target in it, and finish with a summary. */
export function TargetStepperDialog({
  open,
  onClose,
  title,
  testId,
  finishLabel,
  steps,
  projectChoices,
  targetStep,
  targetListLabel,
  targetChoices,
  noTargets,
  projectReady,
  targetReady,
  canFinish,
  onFinish,
  summary,
  notice,
}: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const targetName = targetStep ?? t('app.move.step.folder');
  return (
    <StepperDialog
      open={open}
      title={title}
      steps={[t('app.move.step.project'), targetName, t('app.move.step.finish')]}
      active={steps.step}
      onStep={steps.setStep}
      canNext={steps.step === 0 ? (projectReady ?? !!steps.project) : targetReady}
      canFinish={canFinish}
      busy={steps.busy}
      finishLabel={finishLabel ?? t('app.move.finish')}
      onFinish={() => void steps.whileBusy(onFinish)}
      onClose={onClose}
      testId={testId}
    >
      {notice}
      {steps.step === 0 && (
        <ChoiceList
          label={t('app.move.step.project')}
          choices={projectChoices}
          value={steps.projectId}
          onChange={steps.chooseProject}
          empty={t('app.move.no-projects')}
        />
      )}
      {steps.step === 1 && (
        <ChoiceList
          label={targetListLabel ?? targetName}
          choices={targetChoices}
          value={steps.targetId}
          onChange={steps.setTargetId}
          empty={noTargets ?? t('app.move.no-folders')}
        />
      )}
      {steps.step === 2 && <Typography>{summary}</Typography>}
    </StepperDialog>
  );
}
