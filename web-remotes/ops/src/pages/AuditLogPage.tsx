import {
  Alert,
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
import { api, errorMessage, useSession } from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OpsConsolePage, OpsPagination } from '../console/OpsConsolePage';
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
  return (
    <OpsConsolePage title={T.auditTitle}>
      {audit.isError ? (
        <Alert severity="error">{errorMessage(audit.error, ADMIN_MESSAGES.failed)}</Alert>
      ) : (
        <Stack spacing={2}>
          {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe). */}
          <TableContainer component={Paper} tabIndex={0} role="region" aria-label={T.auditTitle}>
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
          <OpsPagination
            total={audit.data?.total ?? 0}
            pageSize={OPS_LIMITS.auditPageSize}
            page={page}
            onChange={setPage}
          />
        </Stack>
      )}
    </OpsConsolePage>
  );
}
