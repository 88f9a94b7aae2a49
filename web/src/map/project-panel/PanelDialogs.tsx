import { allFolders, type Project } from '../../api/projects';
import { DeleteFolderDialog } from './dialogs/DeleteFolderDialog';
import { DeleteLayerDialog } from './dialogs/DeleteLayerDialog';
import { DeleteProjectDialog } from './dialogs/DeleteProjectDialog';
import { ExternalServiceDialog } from './dialogs/ExternalServiceDialog';
import { FolderDialog } from './dialogs/FolderDialog';
import { LayerDialog } from './dialogs/LayerDialog';
import { MoveFolderDialog } from './dialogs/MoveFolderDialog';
import { MoveLayerDialog } from './dialogs/MoveLayerDialog';
import { NewProjectDialog } from './dialogs/NewProjectDialog';
import { ProjectDetailsDialog } from './dialogs/ProjectDetailsDialog';
import { ShareLayerDialog } from './dialogs/ShareLayerDialog';
import { ExportDialog } from '../transfer/ExportDialog';
import { useUploadFlags } from '../transfer/export-access';
import { UploadDialog } from '../transfer/UploadDialog';
import { usePanelDialogs } from './panel-store';
import type { PanelFlags } from './rights';

/** The dialog the panel has open (one at a time, see panel-store). */
export function PanelDialogs({
  project,
  projects,
  flags,
}: {
  project: Project | undefined;
  projects: Project[];
  flags: PanelFlags;
}) {
  const dialog = usePanelDialogs((s) => s.dialog);
  const close = usePanelDialogs((s) => s.close);
  const uploadFlags = useUploadFlags();
  if (!dialog) return null;
  if (dialog.kind === 'newProject') return <NewProjectDialog open projects={projects} onClose={close} />;
  if (!project) return null;
  switch (dialog.kind) {
    case 'projectDetails':
      return <ProjectDetailsDialog open project={project} projects={projects} flags={flags} onClose={close} />;
    case 'deleteProject':
      return <DeleteProjectDialog open project={project} onClose={close} />;
    case 'newFolder':
      return <FolderDialog open project={project} parentId={dialog.parentId} onClose={close} />;
    case 'editFolder':
      return <FolderDialog open project={project} folder={dialog.folder} onClose={close} />;
    case 'deleteFolder':
      return <DeleteFolderDialog open projectId={project.id} folder={dialog.folder} onClose={close} />;
    case 'moveFolder':
      return <MoveFolderDialog open folder={dialog.folder} project={project} projects={projects} onClose={close} />;
    case 'newLayer':
      return (
        <LayerDialog
          open
          projectId={project.id}
          folder={dialog.folder}
          siblingNames={dialog.folder.layers.map((l) => l.name)}
          geoserver={flags.geoserver}
          onClose={close}
        />
      );
    case 'editLayer': {
      const siblings =
        allFolders(project)
          .find((f) => f.id === dialog.layer.folderId)
          ?.layers.map((l) => l.name) ?? [];
      return (
        <LayerDialog
          open
          projectId={project.id}
          layer={dialog.layer}
          siblingNames={siblings}
          geoserver={flags.geoserver}
          onClose={close}
        />
      );
    }
    case 'deleteLayer':
      return <DeleteLayerDialog open layer={dialog.layer} onClose={close} />;
    case 'moveLayer':
      return <MoveLayerDialog open layer={dialog.layer} project={project} projects={projects} onClose={close} />;
    case 'shareLayer':
      return <ShareLayerDialog open layer={dialog.layer} projects={projects} onClose={close} />;
    case 'externalService':
      return <ExternalServiceDialog open projectId={project.id} onClose={close} />;
    case 'upload':
      return <UploadDialog open projectId={project.id} folder={dialog.folder} {...uploadFlags} onClose={close} />;
    case 'export':
      return <ExportDialog open project={project} item={dialog.item} onClose={close} />;
  }
}
