import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import type { Project } from '../../api/projects';
import { chooseProject } from './use-current-project';

/** Spec 3 §9: the project search term is applied 500 ms after the last keystroke. */
const TERM_DEBOUNCE_MS = 500;

/** Project autocomplete: projects sorted by name, filtered by the (debounced) typed term. */
export function ProjectPicker({ projects, current }: { projects: Project[]; current: Project | undefined }) {
  const intl = useIntl();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input), TERM_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const sorted = useMemo(
    () => [...projects].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
    [projects],
  );
  const label = intl.formatMessage({ id: 'app.project.select' });

  return (
    <Autocomplete
      size="small"
      options={sorted}
      value={current ?? null}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        setInput(value);
        // Picking an option shows its name; that is not a search.
        if (reason !== 'input') setTerm('');
      }}
      filterOptions={(options) => {
        const needle = term.trim().toLowerCase();
        return needle && needle !== current?.name.toLowerCase()
          ? options.filter((p) => p.name.toLowerCase().includes(needle))
          : options;
      }}
      onChange={(_, p) => p && chooseProject(p.id)}
      disableClearable={!!current}
      noOptionsText={intl.formatMessage({ id: 'app.project.none-found' })}
      renderOption={(props, p) => (
        <li {...props} key={p.id} data-testid={`project-option-${p.id}`}>
          {p.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'project-select' },
          }}
        />
      )}
    />
  );
}
