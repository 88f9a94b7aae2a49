import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import type { PickListUse } from '../../../api/dictionaries';

/** Uses grouped system → component → attributes, for the relation tree. */
export function usageTree(
  usedBy: PickListUse[],
): { system: string; components: { component: string; attributes: string[] }[] }[] {
  const systems = new Map<string, Map<string, string[]>>();
  for (const u of usedBy) {
    const components = systems.get(u.system) ?? new Map<string, string[]>();
    components.set(u.component, [...(components.get(u.component) ?? []), u.attribute]);
    systems.set(u.system, components);
  }
  return [...systems].map(([system, components]) => ({
    system,
    components: [...components].map(([component, attributes]) => ({ component, attributes })),
  }));
}

/** A system or component of the relation tree: its icon and name, and what it holds nested under it. */
function UsageBranch({
  icon,
  text,
  indent,
  rowPadding,
  children,
}: {
  icon: ReactNode;
  text: string;
  indent: number;
  rowPadding: number;
  children: ReactNode;
}) {
  return (
    <ListItem disablePadding sx={{ display: 'block', pl: indent }}>
      <Box sx={{ display: 'flex', alignItems: 'center', py: rowPadding }}>
        <ListItemIcon sx={{ minWidth: 28 }}>{icon}</ListItemIcon>
        <ListItemText primary={text} />
      </Box>
      <List dense disablePadding>
        {children}
      </List>
    </ListItem>
  );
}

/** Which systems, components and attributes use a pick list (spec 2 §2 relation tree). */
export function PickListUsageTree({ usedBy }: { usedBy: PickListUse[] }) {
  const intl = useIntl();
  if (usedBy.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
        {intl.formatMessage({ id: 'app.dictionary.picklist.unused' })}
      </Typography>
    );
  }
  return (
    <List
      dense
      disablePadding
      aria-label={intl.formatMessage({ id: 'app.dictionary.picklist.used-by' })}
      data-testid="picklist-usage"
    >
      {usageTree(usedBy).map((s) => (
        <UsageBranch
          key={s.system}
          icon={<AccountTreeOutlinedIcon fontSize="small" />}
          text={s.system}
          indent={2}
          rowPadding={0.5}
        >
          {s.components.map((c) => (
            <UsageBranch
              key={c.component}
              icon={<CategoryOutlinedIcon fontSize="small" />}
              text={c.component}
              indent={3}
              rowPadding={0.25}
            >
              {c.attributes.map((a, i) => (
                <ListItem key={`${a}-${i}`} sx={{ pl: 3, py: 0 }}>
                  <ListItemIcon sx={{ minWidth: 28 }}>
                    <LabelOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={a} />
                </ListItem>
              ))}
            </UsageBranch>
          ))}
        </UsageBranch>
      ))}
    </List>
  );
}
