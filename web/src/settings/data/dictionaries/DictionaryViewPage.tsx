import { useEffect, useState } from 'react';
import { Alert, Box, Button, Skeleton, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import {
  dictionariesApi,
  useDictionary,
  useDictionaryMutation,
  type Dictionary,
  type DictComponent,
  type DictSystem,
} from '../../../api/dictionaries';
import { errorMessageOf } from '../../../api/client';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { useT } from '../../../i18n/translate';
import { ComponentDialog } from './ComponentDialog';
import { ComponentsPanel } from './ComponentsPanel';
import { CopyComponentDialog } from './CopyComponentDialog';
import { CreateDictionaryDialog } from './CreateDictionaryDialog';
import { useDictionaryRights } from './dictionary-access';
import { DictionaryBreadcrumbs } from './DictionaryBreadcrumbs';
import { DictionaryHeader } from './DictionaryHeader';
import { snackError, snackSuccess } from './feedback';
import { inOrder, reorderBody } from './model';
import { COMPANY_PATH, DASHBOARD_PATH, PROVIDER_PATH, viewStateOf } from './paths';
import { PickListManagerDialog } from './PickListDialogs';
import { SystemDialog } from './SystemDialog';
import { SystemsSelect, SystemsSideList } from './SystemsPanel';

/** /settings/data/dictionary/view: the dictionary id comes in navigation state; without it, back to the company list. */
export function DictionaryViewPage() {
  const location = useLocation();
  const state = viewStateOf(location.state);
  if (!state) return <Navigate to={COMPANY_PATH} replace />;
  return <DictionaryView key={state.dictionaryId} dictionaryId={state.dictionaryId} />;
}

type Open =
  | { kind: 'system'; system: DictSystem | null }
  | { kind: 'delete-system'; system: DictSystem }
  | { kind: 'component'; component: DictComponent | null }
  | { kind: 'copy-component'; component: DictComponent }
  | { kind: 'delete-component'; component: DictComponent }
  | { kind: 'pick-lists' }
  | { kind: 'copy-dictionary' }
  | null;

function DictionaryView({ dictionaryId }: { dictionaryId: string }) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const query = useDictionary(dictionaryId);
  const dictionary = query.data;
  const rights = useDictionaryRights(dictionary);

  if (query.isError) {
    return (
      <>
        <DictionaryBreadcrumbs trail={[{ label: label('app.dictionary.dashboard.title'), to: DASHBOARD_PATH }]} />
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to={COMPANY_PATH} color="inherit" size="small">
              {label('app.dictionary.back')}
            </Button>
          }
          data-testid="dictionary-load-error"
        >
          {t(errorMessageOf(query.error))}
        </Alert>
      </>
    );
  }
  if (!dictionary) {
    return (
      <Box aria-busy="true" aria-label={label('app.dictionary.loading')}>
        <Skeleton variant="text" width="50%" height={48} />
        <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
          <Skeleton variant="rounded" width={wide ? 280 : '100%'} height={240} />
          {wide && <Skeleton variant="rounded" sx={{ flex: 1 }} height={240} />}
        </Box>
      </Box>
    );
  }
  return <DictionaryBody dictionary={dictionary} rights={rights} wide={wide} />;
}

function DictionaryBody({
  dictionary,
  rights,
  wide,
}: {
  dictionary: Dictionary;
  rights: ReturnType<typeof useDictionaryRights>;
  wide: boolean;
}) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const [open, setOpen] = useState<Open>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Orders shown while a drag is on its way to the server.
  const [systemOrder, setSystemOrder] = useState<string[] | null>(null);
  const [componentOrder, setComponentOrder] = useState<{ systemId: string; ids: string[] } | null>(null);

  const systems = inOrder(
    [...dictionary.systems].sort((a, b) => a.order - b.order),
    systemOrder,
  );
  const selected = systems.find((s) => s.id === selectedId) ?? systems[0] ?? null;
  // When the shown system changes (the first one when none or a deleted one was chosen), it becomes the chosen
  // one; setting the id it already has changes nothing.
  const shownId = selected?.id ?? null;
  useEffect(() => {
    if (shownId !== null) setSelectedId(shownId);
  }, [shownId]);
  const components = selected
    ? inOrder(
        [...selected.components].sort((a, b) => a.order - b.order),
        componentOrder?.systemId === selected.id ? componentOrder.ids : null,
      )
    : [];

  const reorderSystems = useDictionaryMutation((ids: string[]) =>
    dictionariesApi.reorderSystems(dictionary.id, reorderBody(ids)),
  );
  const reorderComponents = useDictionaryMutation((args: { systemId: string; ids: string[] }) =>
    dictionariesApi.reorderComponents(args.systemId, reorderBody(args.ids)),
  );
  const deleteSystem = useDictionaryMutation((id: string) => dictionariesApi.deleteSystem(id));
  const deleteComponent = useDictionaryMutation((id: string) => dictionariesApi.deleteComponent(id));

  const onReorderSystems = (ids: string[]) => {
    setSystemOrder(ids);
    reorderSystems.mutate(ids, {
      onSuccess: () => snackSuccess('app.dictionary.systems.reordered'),
      onError: snackError,
      onSettled: () => setSystemOrder(null),
    });
  };
  const onReorderComponents = (ids: string[]) => {
    if (!selected) return;
    setComponentOrder({ systemId: selected.id, ids });
    reorderComponents.mutate(
      { systemId: selected.id, ids },
      {
        onSuccess: () => snackSuccess('app.dictionary.components.reordered'),
        onError: snackError,
        onSettled: () => setComponentOrder(null),
      },
    );
  };

  const close = () => setOpen(null);
  const panelProps = {
    systems,
    selectedId: selected?.id ?? null,
    onSelect: setSelectedId,
    canEdit: rights.canEdit,
    onAdd: () => setOpen({ kind: 'system', system: null }),
    onEdit: (system: DictSystem) => setOpen({ kind: 'system', system }),
    onDelete: (system: DictSystem) => setOpen({ kind: 'delete-system', system }),
    onReorder: onReorderSystems,
  };
  const provider = dictionary.organizationId === null;

  return (
    <Box data-testid="dictionary-view" data-editable={rights.canEdit}>
      {!wide && (
        <DictionaryBreadcrumbs
          trail={[
            { label: label('app.dictionary.dashboard.title'), to: DASHBOARD_PATH },
            provider
              ? { label: label('app.dictionary.provider-templates'), to: PROVIDER_PATH }
              : { label: label('app.dictionary.company-dictionaries'), to: COMPANY_PATH },
            { label: dictionary.name },
          ]}
        />
      )}
      <DictionaryHeader
        dictionary={dictionary}
        rights={rights}
        wide={wide}
        onPickLists={() => setOpen({ kind: 'pick-lists' })}
        onCopy={() => setOpen({ kind: 'copy-dictionary' })}
      />
      {wide ? (
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
          <SystemsSideList {...panelProps} />
          {selected ? (
            <ComponentsPanel
              system={selected}
              components={components}
              canEdit={rights.canEdit}
              onAdd={() => setOpen({ kind: 'component', component: null })}
              onEdit={(component) => setOpen({ kind: 'component', component })}
              onCopy={(component) => setOpen({ kind: 'copy-component', component })}
              onDelete={(component) => setOpen({ kind: 'delete-component', component })}
              onReorder={onReorderComponents}
            />
          ) : (
            <Alert severity="info" sx={{ flex: 1 }}>
              {label(rights.canEdit ? 'app.dictionary.systems.start' : 'app.dictionary.systems.none')}
            </Alert>
          )}
        </Box>
      ) : (
        <>
          <SystemsSelect {...panelProps} />
          {selected && (
            <ComponentsPanel
              system={selected}
              components={components}
              canEdit={rights.canEdit}
              onAdd={() => setOpen({ kind: 'component', component: null })}
              onEdit={(component) => setOpen({ kind: 'component', component })}
              onCopy={(component) => setOpen({ kind: 'copy-component', component })}
              onDelete={(component) => setOpen({ kind: 'delete-component', component })}
              onReorder={onReorderComponents}
            />
          )}
        </>
      )}

      <SystemDialog
        open={open?.kind === 'system'}
        dictionary={dictionary}
        system={open?.kind === 'system' ? open.system : null}
        onClose={close}
        onSaved={(s) => setSelectedId(s.id)}
      />
      {selected && (
        <ComponentDialog
          open={open?.kind === 'component'}
          dictionary={dictionary}
          system={selected}
          component={open?.kind === 'component' ? open.component : null}
          stylingEnabled={rights.stylingEnabled}
          onClose={close}
        />
      )}
      {selected && (
        <CopyComponentDialog
          open={open?.kind === 'copy-component'}
          system={selected}
          component={open?.kind === 'copy-component' ? open.component : null}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete-system'}
        title={label('app.dictionary.system.delete.title')}
        confirmLabel={label('app.dictionary.delete')}
        danger
        pending={deleteSystem.isPending}
        onClose={close}
        onConfirm={() => {
          if (open?.kind !== 'delete-system') return;
          const system = open.system;
          deleteSystem.mutate(system.id, {
            onSuccess: () => snackSuccess('app.dictionary.system.deleted', { name: system.name }),
            onError: snackError,
            onSettled: close,
          });
        }}
        testId="system-delete-dialog"
      >
        {open?.kind === 'delete-system' &&
          intl.formatMessage(
            { id: 'app.dictionary.system.delete.confirm' },
            { name: open.system.name, count: open.system.components.length },
          )}
      </ConfirmDialog>
      <ConfirmDialog
        open={open?.kind === 'delete-component'}
        title={label('app.dictionary.component.delete.title')}
        confirmLabel={label('app.dictionary.delete')}
        danger
        pending={deleteComponent.isPending}
        onClose={close}
        onConfirm={() => {
          if (open?.kind !== 'delete-component') return;
          const component = open.component;
          deleteComponent.mutate(component.id, {
            onSuccess: () => snackSuccess('app.dictionary.component.deleted', { name: component.alias }),
            onError: snackError,
            onSettled: close,
          });
        }}
        testId="component-delete-dialog"
      >
        {open?.kind === 'delete-component' &&
          intl.formatMessage({ id: 'app.dictionary.component.delete.confirm' }, { name: open.component.alias })}
      </ConfirmDialog>
      <PickListManagerDialog
        open={open?.kind === 'pick-lists'}
        dictionary={dictionary}
        rights={rights}
        onClose={close}
      />
      <CreateDictionaryDialog
        open={open?.kind === 'copy-dictionary'}
        copyOf={{ id: dictionary.id, name: dictionary.name }}
        onClose={close}
      />
    </Box>
  );
}
