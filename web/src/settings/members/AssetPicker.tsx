import { useMemo } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import type { AssetType } from '@fieldbook/domain';
import { useProfile } from '../../api/accounts';
import { useProjects, type Folder, type Project } from '../../api/projects';
import { useDisplayName } from '../../i18n/translate';

/** An asset a permission may name: `*` (all of the type) or one project, folder or layer of the organization. */
export interface AssetOption {
  id: string;
  label: string;
  /** Where it sits ("Project › Folder"), shown under its name and searched with it. */
  path: string;
  depth: number;
}

type Named = (entity: { name: string; folderType?: string | null; serverName?: string | null }) => string;

/** The organization's assets of a type as a tree in order: projects, their folders and sub-folders, their layers. */
export function assetOptions(type: AssetType, projects: Project[], named: Named): AssetOption[] {
  const out: AssetOption[] = [];
  const visitFolder = (folder: Folder, trail: string, depth: number) => {
    const name = named(folder);
    if (type === 'folder') out.push({ id: folder.id, label: name, path: trail, depth });
    for (const sub of folder.folders as Folder[]) visitFolder(sub, `${trail} › ${name}`, depth + 1);
    if (type === 'layer')
      for (const layer of folder.layers)
        out.push({ id: layer.id, label: named(layer), path: `${trail} › ${name}`, depth: depth + 1 });
  };
  for (const project of [...projects].sort((a, b) => a.name.localeCompare(b.name))) {
    if (type === 'project') out.push({ id: project.id, label: project.name, path: '', depth: 0 });
    else for (const folder of project.folders) visitFolder(folder, project.name, 1);
  }
  return out;
}

/** The asset types picked from the organization's tree; other types keep a typed id. */
export const PICKED_TYPES: AssetType[] = ['organization', 'project', 'folder', 'layer'];

interface Props {
  type: AssetType;
  value: string;
  onChange: (id: string) => void;
}

/**
 * Chooses the asset of a permission by name (issue #12 defect 9): a searchable list of the
 * organization's projects, folders or layers in tree order, with `*` offered as "all". An id that
 * names nothing the admin can see (deleted, or another organization's) stays shown as the id.
 */
export function AssetPicker({ type, value, onChange }: Props) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const named = useDisplayName();
  const organization = useProfile().data?.organization;
  const projects = useProjects(type !== 'organization').data;
  const options = useMemo<AssetOption[]>(() => {
    const all = {
      id: '*',
      label: label('app.mm.permissions.all'),
      path: '',
      depth: 0,
    };
    if (type === 'organization')
      return [all, ...(organization ? [{ id: organization.id, label: organization.name, path: '', depth: 0 }] : [])];
    return [all, ...assetOptions(type, projects ?? [], named)];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label follows intl
  }, [type, projects, organization, named, intl]);
  const selected =
    options.find((o) => o.id === value) ?? (value ? { id: value, label: value, path: '', depth: 0 } : null);

  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      onChange={(_, option) => onChange(option?.id ?? '')}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      filterOptions={(list, { inputValue }) => {
        const q = inputValue.trim().toLowerCase();
        return q ? list.filter((o) => `${o.label} ${o.path}`.toLowerCase().includes(q)) : list;
      }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ pl: `${16 + o.depth * 16}px !important` }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{o.label}</Typography>
            {o.path && (
              <Typography variant="caption" color="text.secondary">
                {o.path}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      sx={{ flex: '1 1 180px', minWidth: 0, order: 2 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label(`app.asset.${type}`)}
          error={!value.trim()}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'permission-asset' },
          }}
        />
      )}
    />
  );
}
