import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { useIntl } from 'react-intl';
import type { PickListUse } from '../../../api/dictionaries';

/** Uses grouped system → component → attributes, for the relation tree. */
export function usageTree(usedBy: PickListUse[]): { system: string; components: { component: string; attributes: string[] }[] }[] {
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
    <List dense disablePadding aria-label={intl.formatMessage({ id: 'app.dictionary.picklist.used-by' })} data-testid="picklist-usage">
      {usageTree(usedBy).map((s) => (
        <ListItem key={s.system} disablePadding sx={{ display: 'block', pl: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', py: 0.5 }}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <AccountTreeOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={s.system} />
          </Box>
          <List dense disablePadding>
            {s.components.map((c) => (
              <ListItem key={c.component} disablePadding sx={{ display: 'block', pl: 3 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', py: 0.25 }}>
                  <ListItemIcon sx={{ minWidth: 28 }}>
                    <CategoryOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={c.component} />
                </Box>
                <List dense disablePadding>
                  {c.attributes.map((a, i) => (
                    <ListItem key={`${a}-${i}`} sx={{ pl: 3, py: 0 }}>
                      <ListItemIcon sx={{ minWidth: 28 }}>
                        <LabelOutlinedIcon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={a} />
                    </ListItem>
                  ))}
                </List>
              </ListItem>
            ))}
          </List>
        </ListItem>
      ))}
    </List>
  );
}
