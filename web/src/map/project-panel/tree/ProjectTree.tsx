import { useEffect, useEffectEvent, useMemo } from 'react';
import { Box } from '@mui/material';
import { useIntl } from 'react-intl';
import { PROJECT_LIMITS } from '@fieldbook/domain';
import { allFolders, allLayers, type Folder, type Project } from '../../../api/projects';
import { usePreferences } from '../../../app/preferences-store';
import { useExpanded, useSelectedLayers } from '../layer-toggles';
import type { PanelFlags } from '../rights';
import { FolderRow } from './FolderRow';
import { LayerRow } from './LayerRow';
import { useLayerCounts } from './LayerState';

interface Props {
  project: Project;
  flags: PanelFlags;
  onClosePanel: () => void;
}

/**
 * The two-level folder and layer tree (spec 3 §2). A project with up to five folders opens expanded
 * the first time it is shown; with more, folders start collapsed. Expansion lives in prefs.expansionList.
 */
export function ProjectTree({ project, flags, onClosePanel }: Props) {
  const intl = useIntl();
  const expanded = useExpanded();
  const selected = useSelectedLayers(project.id);
  const folders = allFolders(project);
  const counts = useLayerCounts(useMemo(() => allLayers(project).map((l) => l.id), [project]));

  // Only when another project (or its first folders) appears; later toggles are the user's.
  const expandFirstTime = useEffectEvent(() => {
    const { prefs, update } = usePreferences.getState();
    const list = prefs.expansionList ?? [];
    const ids = folders.map((f) => f.id);
    if (ids.length === 0 || ids.length > PROJECT_LIMITS.treeCollapseAfterFolders || ids.some((id) => list.includes(id)))
      return;
    update({ expansionList: [...list, ...ids] });
  });
  const hasFolders = folders.length > 0;
  useEffect(() => {
    expandFirstTime();
  }, [project.id, hasFolders]);

  const renderFolder = (folder: Folder) => {
    const open = expanded.includes(folder.id);
    const depth = folder.level;
    return (
      <Box key={folder.id} data-testid={`folder-${folder.id}`}>
        <FolderRow project={project} folder={folder} expanded={open} selected={selected} flags={flags} />
        {open && (
          <>
            {(folder.folders as Folder[]).map(renderFolder)}
            {[...folder.layers, ...(folder.sharedLayers ?? [])].map((layer) => (
              <LayerRow
                key={`${folder.id}-${layer.id}`}
                project={project}
                folder={folder}
                layer={layer}
                checked={selected.includes(layer.id)}
                count={counts[layer.id]}
                flags={flags}
                depth={depth}
                onClosePanel={onClosePanel}
              />
            ))}
          </>
        )}
      </Box>
    );
  };

  return (
    <Box
      component="section"
      aria-label={intl.formatMessage({ id: 'app.project.tree' })}
      data-testid="project-tree"
      sx={{ maxHeight: 'calc(100vh - 162px)', overflowY: 'auto', overflowX: 'hidden', pb: 1 }}
    >
      {project.folders.map(renderFolder)}
    </Box>
  );
}
