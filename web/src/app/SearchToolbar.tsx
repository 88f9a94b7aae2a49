import type { ReactNode } from 'react';
import { Box, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The `data-testid` of the search input. */
  testId: string;
  maxLength: number;
  /** Trailing actions (e.g. an add button), pushed to the end on wider screens. */
  children?: ReactNode;
}

/** The search box above a server-paged table, with the page's actions at the other end. */
export function SearchToolbar({ label, value, onChange, testId, maxLength, children }: Props) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
      <TextField
        type="search"
        size="small"
        margin="none"
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
        slotProps={{
          htmlInput: { 'data-testid': testId, maxLength },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ flex: { xs: '0 0 0', sm: 1 } }} />
      {children}
    </Box>
  );
}
