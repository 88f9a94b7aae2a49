import { Link, type TypographyProps } from '@mui/material';
import { Link as RouterLink, type LinkProps } from 'react-router';

/** A text link that navigates inside the app. */
export function RouterLinkText({ children, variant, ...props }: LinkProps & { variant?: TypographyProps['variant'] }) {
  return (
    <Link component={RouterLink} underline="hover" variant={variant} {...props}>
      {children}
    </Link>
  );
}
