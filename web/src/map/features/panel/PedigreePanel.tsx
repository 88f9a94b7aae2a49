import { Box, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import type { FeatureOut } from '../../../api/features';
import type { Project } from '../../../api/projects';
import { usePreferences } from '../../../app/preferences-store';
import { vertices } from '../geo';
import { Breakable } from './Breakable';
import { parseMetadata } from './feature-fields';
import { pedigreeOf, siteCoordinates } from './pedigree';

/** Pedigree of the current vertex (spec 3 §2): sorted key/values, then site name, easting and northing. */
export function PedigreePanel({
  feature,
  project,
  vertex,
}: {
  feature: FeatureOut;
  project: Project | undefined;
  vertex: number;
}) {
  const intl = useIntl();
  const metric = usePreferences((s) => s.prefs.showMetricUnits);
  const rows = pedigreeOf(parseMetadata(feature), vertex, metric);
  const position = vertices(feature.geometry)[vertex];
  const site = project?.proj && position ? siteCoordinates(project.proj, position) : null;
  const num = (v: number) => intl.formatNumber(v, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  if (site && project?.proj) {
    rows.push([intl.formatMessage({ id: 'app.feature.pedigree.site' }), project.proj.name]);
    rows.push([intl.formatMessage({ id: 'app.feature.pedigree.easting' }), num(site.easting)]);
    rows.push([intl.formatMessage({ id: 'app.feature.pedigree.northing' }), num(site.northing)]);
  }
  if (position) {
    rows.push([intl.formatMessage({ id: 'app.feature.pedigree.latitude' }), position[1].toFixed(6)]);
    rows.push([intl.formatMessage({ id: 'app.feature.pedigree.longitude' }), position[0].toFixed(6)]);
  }
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(110px, 40%) 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        px: 2,
        py: 1,
      }}
      data-testid="pedigree-panel"
    >
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'break-word' }}>
            <Breakable text={v} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
