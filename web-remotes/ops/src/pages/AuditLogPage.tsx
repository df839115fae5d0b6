import {
  Alert,
  Container,
  Pagination,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ADMIN_MESSAGES, OPS_LIMITS, type AuditResponse } from '@safarsaathi/contracts';
import { api, errorMessage, translateMessage, useSession } from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OpsNav } from '../console/OpsNav';
import { useOpsTexts } from '../i18n';

/** /admin/audit: every admin action, newest first (read only: entries are never edited or deleted). */
export default function AuditLogPage() {
  const { user } = useSession();
  const T = useOpsTexts().console;
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['ops', 'audit', page],
    queryFn: () => api.get<AuditResponse>(`/api/admin/audit?page=${page}`),
    enabled: Boolean(user?.is_admin),
  });
  const pages = Math.max(1, Math.ceil((audit.data?.total ?? 0) / OPS_LIMITS.auditPageSize));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '1.6rem', md: '2.1rem' } }}
      >
        {T.auditTitle}
      </Typography>
      <OpsNav />
      {!user?.is_admin ? (
        <Alert severity="error">{translateMessage(ADMIN_MESSAGES.notAuthorised)}</Alert>
      ) : audit.isError ? (
        <Alert severity="error">{errorMessage(audit.error, ADMIN_MESSAGES.failed)}</Alert>
      ) : (
        <Stack spacing={2}>
          <TableContainer component={Paper}>
            <Table size="small" aria-label={T.auditTitle} data-testid="audit-table">
              <TableHead>
                <TableRow>
                  <TableCell>{T.at}</TableCell>
                  <TableCell>{T.admin}</TableCell>
                  <TableCell>{T.action}</TableCell>
                  <TableCell>{T.target}</TableCell>
                  <TableCell>{T.note}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(audit.data?.entries ?? []).map((entry, index) => (
                  <TableRow key={`${entry.at}-${index}`} data-testid="audit-entry">
                    <TableCell>{new Date(entry.at).toLocaleString()}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{entry.admin_email || '—'}</TableCell>
                    <TableCell>
                      {T.actions[entry.action]}
                      {entry.via ? ` (${T.via[entry.via]})` : ''}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{entry.target}</TableCell>
                    <TableCell>{entry.note}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {audit.data && audit.data.entries.length === 0 && <Typography>{T.noEntries}</Typography>}
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_event, value) => setPage(value)}
              aria-label={T.pages}
            />
          )}
        </Stack>
      )}
    </Container>
  );
}
