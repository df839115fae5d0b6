import { Alert, Container, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import { ADMIN_MESSAGES } from '@safarsaathi/contracts';
import { translateMessage, useSession } from '@safarsaathi/web-kit';
import type { ReactNode } from 'react';
import { useOpsTexts } from '../i18n';
import { OpsNav } from './OpsNav';

/**
 * The frame of every ops console page: its heading, the console's tabs, and the page itself only for an
 * admin (the API refuses everyone else anyway; this says so instead of showing failed calls).
 */
export function OpsConsolePage({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useSession();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '1.6rem', md: '2.1rem' } }}
      >
        {title}
      </Typography>
      <OpsNav />
      {user?.is_admin ? (
        children
      ) : (
        <Alert severity="error">{translateMessage(ADMIN_MESSAGES.notAuthorised)}</Alert>
      )}
    </Container>
  );
}

/** The pages of a list of `total` items, `pageSize` a page; nothing when it fits on one. */
export function OpsPagination({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const T = useOpsTexts().console;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Pagination
      count={pages}
      page={page}
      onChange={(_event, value) => onChange(value)}
      aria-label={T.pages}
    />
  );
}

/** A list filter: "All" or one of `values`, each shown by `labels`. */
export function OpsFilter<V extends string>({
  label,
  value,
  values,
  labels,
  onChange,
}: {
  label: string;
  value: V | '';
  values: readonly V[];
  labels: Record<V, string>;
  onChange: (value: V | '') => void;
}) {
  const T = useOpsTexts().console;
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V | '')}
    >
      <MenuItem value="">{T.all}</MenuItem>
      {values.map((option) => (
        <MenuItem key={option} value={option}>
          {labels[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}
