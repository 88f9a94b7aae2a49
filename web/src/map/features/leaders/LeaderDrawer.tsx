import {
  Alert,
  Box,
  Button,
  Drawer,
  MenuItem,
  Stack,
  TextField,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  LEADER_LIMITS,
  LEADER_SYMBOLS,
  leaderAnchorChoices,
  leaderMetadataSchema,
  type Geometry,
  type LeaderSymbol,
} from '@fieldbook/domain';
import { ApiError } from '../../../api/client';
import { featuresApi, useFeature } from '../../../api/features';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';
import { useMap } from '../../ol/MapContext';
import { useMapStore } from '../../state/map-store';
import { vertices, type Position } from '../geo';
import { parseMetadata } from '../panel/feature-fields';
import { useWorkspace, type LeaderDraft } from '../workspace-store';
import { useLeaderPreview } from './useLeaderPreview';

type LeaderGeometry = Extract<Geometry, { type: 'MultiLineString' }>;

/** Leader create/edit side drawer (spec 3 §2): text (≤256, 3 rows), colour, symbol, anchor vertex; a map click places the text. */
export function LeaderDrawer() {
  const draft = useWorkspace((s) => s.leaderDraft);
  const existing = useFeature(draft?.leaderId).data;
  if (!draft || (draft.leaderId && !existing)) return null;
  const meta = existing ? parseMetadata(existing) : {};
  return (
    <LeaderForm
      key={draft.leaderId ?? draft.featureId}
      draft={{ ...draft, featureId: draft.featureId ?? (meta.featureId as string | undefined) }}
      initial={existing ? { meta, geometry: existing.geometry } : null}
    />
  );
}

interface FormProps {
  draft: LeaderDraft;
  initial: { meta: Record<string, unknown>; geometry: Geometry } | null;
}

function LeaderForm({ draft, initial }: FormProps) {
  const intl = useIntl();
  const t = useT();
  const map = useMap();
  const queryClient = useQueryClient();
  const label = (id: string) => intl.formatMessage({ id });
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const anchored = useFeature(draft.featureId).data;
  const anchorVertices = anchored ? vertices(anchored.geometry) : [];
  const [text, setText] = useState(String(initial?.meta.text ?? ''));
  const [color, setColor] = useState(String(initial?.meta.color ?? '#ff5722'));
  const [symbol, setSymbol] = useState<LeaderSymbol>((initial?.meta.symbol as LeaderSymbol) ?? 'FORWARD_CLOSED_ARROW');
  const [vertex, setVertex] = useState(Number(initial?.meta.vertex ?? 0));
  const initialEnd = initial?.geometry.type === 'MultiLineString' ? initial.geometry.coordinates[0].at(-1) : undefined;
  const [labelAt, setLabelAt] = useState<Position | undefined>(initialEnd);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // While the drawer is open map clicks place the text instead of selecting.
  useEffect(() => {
    useMapStore.getState().setMode({ type: 'leader', folderId: draft.folderId });
    return () => useMapStore.getState().setMode({ type: 'idle' });
  }, [draft.folderId]);

  const anchor =
    anchorVertices[Math.min(vertex, anchorVertices.length - 1)] ??
    (initial?.geometry.type === 'MultiLineString' ? initial.geometry.coordinates[0][0] : undefined);
  // Without a placed text end, the text sits 48 px up and right of the anchor at the current zoom.
  const resolution = map.getView().getResolution() ?? 1;
  const end: Position | undefined =
    labelAt ??
    (anchor ? [anchor[0] + (48 * resolution) / 111_320, anchor[1] + (48 * resolution) / 111_320] : undefined);
  const geometry: LeaderGeometry | null =
    anchor && end ? { type: 'MultiLineString', coordinates: [[anchor, end]] } : null;
  const metadata = { text, color, vertex, symbol };
  const parsed = leaderMetadataSchema.safeParse(metadata);
  const fieldError = (path: string) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)?.message;
  useLeaderPreview(geometry, JSON.stringify(metadata), (lonLat) => setLabelAt([lonLat[0], lonLat[1]]));

  const close = () => useWorkspace.getState().setLeaderDraft(null);
  const save = async () => {
    if (!geometry || !parsed.success) return;
    setBusy(true);
    setError(null);
    try {
      if (draft.leaderId)
        await featuresApi.updateLeader(draft.leaderId, { geometry, metadata: parsed.data, featureId: draft.featureId });
      else
        await featuresApi.createLeader({
          folderId: draft.folderId,
          featureId: draft.featureId,
          geometry,
          metadata: parsed.data,
        });
      await queryClient.invalidateQueries({ queryKey: ['features'] });
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      showSnack(draft.leaderId ? 'app.leader.update.success' : 'app.leader.create.success', 'success');
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'app.error.occurred');
    } finally {
      setBusy(false);
    }
  };

  const choiceLabel = (c: ReturnType<typeof leaderAnchorChoices>[number]) =>
    c.label === 'first'
      ? label('app.leader.vertex.first')
      : c.label === 'last'
        ? label('app.leader.vertex.last')
        : String(c.label);

  return (
    // On a phone the drawer sits at the bottom so the map above stays clickable for placing the text.
    <Drawer
      anchor={phone ? 'bottom' : 'left'}
      variant="persistent"
      open
      slotProps={{
        paper: { sx: phone ? { maxHeight: '60vh' } : { width: 360, top: 64, height: 'calc(100% - 64px)' } },
      }}
    >
      <Box
        role="region"
        aria-label={label(draft.leaderId ? 'app.leader.edit.title' : 'app.leader.new.title')}
        data-testid="leader-drawer"
      >
        <Toolbar variant="dense" sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {label(draft.leaderId ? 'app.leader.edit.title' : 'app.leader.new.title')}
          </Typography>
        </Toolbar>
        <Stack spacing={2} sx={{ p: 2 }}>
          {error && <Alert severity="error">{t(error)}</Alert>}
          <TextField
            label={label('app.leader.text')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={1}
            maxRows={LEADER_LIMITS.textRows}
            error={!!text && !!fieldError('text')}
            helperText={
              (text && fieldError('text') && t(fieldError('text'))) || `${text.length}/${LEADER_LIMITS.textMax}`
            }
            slotProps={{ htmlInput: { 'data-testid': 'leader-text', maxLength: LEADER_LIMITS.textMax } }}
          />
          <TextField
            label={label('app.leader.color')}
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'leader-color' } }}
          />
          <TextField
            select
            label={label('app.leader.symbol')}
            value={symbol}
            onChange={(e) => setSymbol(e.target.value as LeaderSymbol)}
          >
            {LEADER_SYMBOLS.map((s) => (
              <MenuItem key={s} value={s}>
                {label(`app.leader.symbol.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={label('app.leader.vertex')}
            value={vertex}
            onChange={(e) => setVertex(Number(e.target.value))}
            disabled={anchorVertices.length <= 1}
          >
            {leaderAnchorChoices(Math.max(1, anchorVertices.length)).map((c) => (
              <MenuItem key={c.vertex} value={c.vertex}>
                {choiceLabel(c)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {label('app.leader.place')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={close} disabled={busy}>
              {label('app.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={save}
              disabled={busy || !parsed.success || !geometry}
              data-testid="leader-save"
            >
              {label('app.save')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Drawer>
  );
}
