import { useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import PostAddOutlinedIcon from '@mui/icons-material/PostAddOutlined';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import { formsApi, useFormPage, useFormsChanged, type FormItem, type FormQuery } from '../../../api/forms';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { SearchToolbar } from '../../../app/SearchToolbar';
import { showSnack } from '../../../app/snackbar-store';
import { useDebounced } from '../../../app/use-debounced';
import { useT } from '../../../i18n/translate';
import { PageHeader } from '../../PageHeader';
import { FormDialog } from './FormDialog';
import { FormsTable } from './FormsTable';

/** Search box debounce of the forms list (spec 2 §9). */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * /settings/data/manage-forms (spec 2 §2 Forms administration): the organization's HTML forms in a
 * server-paged table with a detail row; org admins add, edit (details, files, project permissions)
 * and delete them.
 */
export function FormsPage() {
  const intl = useIntl();
  const t = useT();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const changed = useFormsChanged();
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [lastSearch, setLastSearch] = useState(search);
  // The dialog keeps its form while it closes (no title flicker).
  const [editing, setEditingState] = useState<{ open: boolean; form: FormItem | null }>({ open: false, form: null });
  const [deleting, setDeleting] = useState<FormItem | null>(null);
  const [shownDelete, setShownDelete] = useState<FormItem | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  if (search !== lastSearch) {
    setLastSearch(search);
    setPage(0);
  }

  const query: FormQuery = { page, pageSize: DICTIONARY_LIMITS.formPageSize, search: search || undefined };
  const forms = useFormPage(query);
  // The last page may have emptied (a form deleted): show the one before.
  if (forms.data && forms.data.output.length === 0 && page > 0 && !forms.isFetching) setPage(page - 1);

  const askDelete = (form: FormItem) => {
    setShownDelete(form);
    setDeleting(form);
  };

  const remove = async () => {
    if (!shownDelete) return;
    setDeletePending(true);
    try {
      await formsApi.remove(shownDelete.id);
      await changed();
      showSnack('app.forms.message.deleted', 'success');
      setDeleting(null);
    } catch {
      // Spec 2 §8: a failed delete shows the generic delete error.
      showSnack('app.forms.delete.error', 'error');
    } finally {
      setDeletePending(false);
    }
  };

  return (
    <>
      <PageHeader title={label('app.settings.data.manage-forms')} subtitle={label('app.forms.subtitle')} />
      <SearchToolbar
        label={label('app.forms.search')}
        value={searchText}
        onChange={setSearchText}
        testId="forms-search"
        maxLength={DICTIONARY_LIMITS.formNameMax}
      >
        <Button
          variant="contained"
          startIcon={<PostAddOutlinedIcon />}
          onClick={() => setEditingState({ open: true, form: null })}
          data-testid="forms-add"
        >
          {label('app.forms.add')}
        </Button>
      </SearchToolbar>
      {forms.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => void forms.refetch()}>
              {label('app.retry')}
            </Button>
          }
        >
          {t(errorMessageOf(forms.error))}
        </Alert>
      )}
      <FormsTable
        page={forms.data}
        loading={forms.isFetching}
        pageIndex={page}
        onPageChange={setPage}
        onEdit={(form) => setEditingState({ open: true, form })}
        onDelete={askDelete}
      />
      <FormDialog
        open={editing.open}
        form={editing.form}
        onClose={() => setEditingState((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={label('app.forms.delete')}
        confirmLabel={label('app.data.delete')}
        danger
        pending={deletePending}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
        testId="form-delete-dialog"
      >
        <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {label('app.forms.delete.confirm', { name: shownDelete?.name ?? '' })}
        </Typography>
      </ConfirmDialog>
    </>
  );
}
