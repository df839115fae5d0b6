import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ADMIN_MESSAGES,
  CASE_STATUSES,
  CASE_TYPES,
  OPS_LIMITS,
  PRIVACY_REQUEST_DUE_DAYS,
  isUrgentIssueType,
  updateCaseRequestSchema,
  type AdminCaseDetail,
  type AdminCaseSummary,
  type AdminCasesResponse,
  type CaseStatus,
  type CaseType,
  type UpdateCaseRequest,
} from '@safarsaathi/contracts';
import {
  api,
  errorMessage,
  fillPlaceholders,
  translateMessage,
  useFormat,
  useSession,
} from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OpsConsolePage, OpsFilter, OpsPagination } from '../console/OpsConsolePage';
import { useOpsTexts } from '../i18n';

type Texts = ReturnType<typeof useOpsTexts>['console'];

/**
 * A privacy request's due date (issue 40): 'Due January 6, 2027', or 'Overdue: due …' for an open case past
 * it; null for any other case.
 */
function useDue(): (
  item: Pick<AdminCaseSummary, 'due_at' | 'status'>,
  T: Texts,
) => {
  text: string;
  overdue: boolean;
} | null {
  const format = useFormat();
  return (item, T) => {
    if (!item.due_at) return null;
    const overdue = item.status === 'open' && new Date(item.due_at).getTime() < Date.now();
    const date = format.longDate(item.due_at);
    return { text: fillPlaceholders(overdue ? T.overdue : T.due, { date }), overdue };
  };
}

/**
 * The reply box (issue 38): the reply goes to the case's filer by e-mail and in the app, as written; a case
 * nobody filed says so instead.
 */
function ReplyBox({ data, T }: { data: AdminCaseDetail; T: Texts }) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { reply: string }) =>
      api.put<AdminCaseDetail>(`/api/admin/cases/${encodeURIComponent(data.case_id)}`, body),
    onSuccess: () => {
      setReply('');
      void queryClient.invalidateQueries({ queryKey: ['ops'] });
    },
  });
  if (!data.filer)
    return (
      <Typography color="text.secondary" data-testid="case-no-filer">
        {T.noFiler}
      </Typography>
    );
  const submit = () => {
    const parsed = updateCaseRequestSchema.safeParse({ reply });
    if (!parsed.success) {
      setReplyError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setReplyError(null);
    send.mutate({ reply: parsed.data.reply! });
  };
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="case-reply-title" data-testid="case-reply-box">
      <Typography variant="h6" component="h3" id="case-reply-title">
        {T.reply}
      </Typography>
      <TextField
        label={T.reply}
        value={reply}
        onChange={(event) => {
          setReply(event.target.value);
          setReplyError(null);
          send.reset();
        }}
        error={Boolean(replyError)}
        helperText={replyError ?? T.replyHint}
        slotProps={{ formHelperText: { role: replyError ? 'alert' : undefined } }}
        multiline
        minRows={3}
      />
      <Button
        variant="contained"
        onClick={submit}
        loading={send.isPending}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {T.sendReply}
      </Button>
      {send.isError && <Alert severity="error">{errorMessage(send.error, ADMIN_MESSAGES.failed)}</Alert>}
      {send.isSuccess && (
        <Alert severity="success" data-testid="case-reply-sent">
          {T.replySent}
        </Alert>
      )}
    </Stack>
  );
}

/** Who filed the case: name and address (or the user id), and whether they were signed in. */
function filerText(filer: NonNullable<AdminCaseDetail['filer']>, T: Texts): string {
  const who = [filer.fullname, filer.email_address].filter(Boolean).join(' · ') || filer.user_id || '';
  return filer.user_id ? who : `${who} (${T.notSignedIn})`;
}

function CaseDetail({ caseId, T }: { caseId: string; T: Texts }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  // After a block or unblock, support hears of it one Kafka hop later: poll until the history says so.
  const [expectBlocked, setExpectBlocked] = useState<boolean | null>(null);
  const dueOf = useDue();
  const detail = useQuery({
    queryKey: ['ops', 'case', caseId],
    queryFn: () => api.get<AdminCaseDetail>(`/api/admin/cases/${encodeURIComponent(caseId)}`),
    refetchInterval: (query) =>
      expectBlocked !== null && query.state.data?.subject_history?.blocked !== expectBlocked ? 1000 : false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops'] });
  const setStatus = useMutation({
    mutationFn: (body: UpdateCaseRequest) =>
      api.put<AdminCaseDetail>(`/api/admin/cases/${encodeURIComponent(caseId)}`, body),
    onSuccess: () => {
      setNote('');
      void refresh();
    },
  });
  const block = useMutation({
    mutationFn: (body: { userId: string; status: 'Active' | 'Block' }) =>
      api.put(`/api/admin/users/${encodeURIComponent(body.userId)}/status`, {
        status: body.status,
        status_reason: note.trim() || `${T.fromCase} ${caseId}`,
      }),
    onSuccess: (_answer, body) => {
      setExpectBlocked(body.status === 'Block');
      void refresh();
    },
  });
  if (detail.isError)
    return <Alert severity="error">{errorMessage(detail.error, ADMIN_MESSAGES.failed)}</Alert>;
  const data = detail.data;
  if (!data) return null;
  const history = data.subject_history;
  const due = dueOf(data, T);
  const submit = (status: CaseStatus) => {
    const parsed = updateCaseRequestSchema.safeParse({ status, note });
    if (!parsed.success) {
      setNoteError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setNoteError(null);
    setStatus.mutate(parsed.data);
  };
  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} data-testid="case-detail" aria-labelledby="case-detail-title">
      <Stack spacing={2}>
        <Typography variant="h5" component="h2" id="case-detail-title">
          {data.case_id}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Chip label={T.types[data.type]} />
          <Chip
            label={T.statuses[data.status]}
            color={data.status === 'open' ? 'warning' : 'default'}
            data-testid="case-status"
          />
          {data.reason && <Chip label={T.reasons[data.reason as keyof Texts['reasons']] ?? data.reason} />}
          {data.type === 'support' && (
            <Chip
              label={data.issue_type}
              color={isUrgentIssueType(data.issue_type) ? 'error' : 'default'}
              variant="outlined"
              data-testid="case-issue-type"
            />
          )}
          {due && (
            <Chip
              label={due.text}
              color={due.overdue ? 'error' : 'default'}
              variant={due.overdue ? 'filled' : 'outlined'}
              data-testid="case-due"
              data-overdue={due.overdue}
            />
          )}
        </Stack>
        {due && (
          <Typography variant="body2" color="text.secondary">
            {fillPlaceholders(T.dueHint, { days: PRIVACY_REQUEST_DUE_DAYS })}
          </Typography>
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{data.details}</Typography>
        {data.filer && (
          <Typography variant="body2" data-testid="case-filer" sx={{ wordBreak: 'break-word' }}>
            {data.reporter ? T.reporter : T.filer}: {filerText(data.filer, T)}
          </Typography>
        )}
        {data.subject && (
          <Typography variant="body2">
            {T.subject}: {data.subject.fullname || data.subject.user_id}
          </Typography>
        )}
        <Box>
          <Typography variant="h6" component="h3">
            {T.attached}
          </Typography>
          {data.attached_messages.length === 0 ? (
            <Typography color="text.secondary">{T.noMessages}</Typography>
          ) : (
            <List dense data-testid="attached-messages">
              {data.attached_messages.map((message) => (
                <ListItem key={message.seq} disableGutters>
                  <ListItemText
                    primary={message.text}
                    secondary={`${message.from === 'subject' ? T.subject : T.reporter} · ${new Date(message.sent_at).toLocaleString()}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        {history && (
          <Box data-testid="subject-history">
            <Typography variant="h6" component="h3">
              {T.history}
            </Typography>
            <Typography>
              {history.blocked ? `${T.blocked}: ${history.status_reason ?? ''}` : T.active}
            </Typography>
            <Typography>
              {T.otherCases}: {history.cases.length} · {T.noShows}: {history.no_shows}
            </Typography>
            {history.references && (
              <Typography>
                {T.references}: +{history.references.positive} / {history.references.neutral} / −
                {history.references.negative}
              </Typography>
            )}
          </Box>
        )}
        {data.notes.length > 0 && (
          <Box>
            <Typography variant="h6" component="h3">
              {T.notes}
            </Typography>
            {data.notes.map((entry, index) => (
              <Typography key={index} variant="body2">
                {new Date(entry.at).toLocaleString()} · {entry.admin_email} · {T.statuses[entry.status]}:{' '}
                {entry.note}
              </Typography>
            ))}
          </Box>
        )}
        {data.replies.length > 0 && (
          <Box data-testid="case-replies">
            <Typography variant="h6" component="h3">
              {T.replies}
            </Typography>
            {data.replies.map((entry, index) => (
              <Typography
                key={index}
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              >
                {new Date(entry.at).toLocaleString()} · {entry.admin_email}: {entry.text}
              </Typography>
            ))}
          </Box>
        )}
        <ReplyBox data={data} T={T} />
        {(setStatus.isError || block.isError) && (
          <Alert severity="error">
            {errorMessage(setStatus.error ?? block.error, ADMIN_MESSAGES.failed)}
          </Alert>
        )}
        <TextField
          label={T.note}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(null);
          }}
          error={Boolean(noteError)}
          helperText={noteError ?? T.noteHint}
          slotProps={{ formHelperText: { role: noteError ? 'alert' : undefined } }}
          multiline
          minRows={2}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {data.status === 'open' ? (
            <Button variant="contained" onClick={() => submit('closed')} loading={setStatus.isPending}>
              {T.close}
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => submit('open')} loading={setStatus.isPending}>
              {T.reopen}
            </Button>
          )}
          {data.subject && (
            <Button
              color={history?.blocked ? 'primary' : 'error'}
              variant="outlined"
              loading={block.isPending}
              onClick={() =>
                block.mutate({ userId: data.subject!.user_id, status: history?.blocked ? 'Active' : 'Block' })
              }
            >
              {history?.blocked ? T.unblockSubject : T.blockSubject}
            </Button>
          )}
        </Stack>
        {block.isSuccess && <Alert severity="success">{T.statusSent}</Alert>}
      </Stack>
    </Paper>
  );
}

/** /admin/cases: support cases, reports and no-shows, newest first, with a case's detail and actions. */
export default function CasesPage() {
  const { user } = useSession();
  const T = useOpsTexts().console;
  const dueOf = useDue();
  const [status, setStatus] = useState<CaseStatus | ''>('open');
  const [type, setType] = useState<CaseType | ''>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  if (type) query.set('type', type);
  const cases = useQuery({
    queryKey: ['ops', 'cases', status, type, page],
    queryFn: () => api.get<AdminCasesResponse>(`/api/admin/cases?${query}`),
    enabled: Boolean(user?.is_admin),
  });
  return (
    <OpsConsolePage title={T.casesTitle}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0 }}>
          <Stack direction="row" spacing={1.5}>
            <OpsFilter
              label={T.status}
              value={status}
              values={CASE_STATUSES}
              labels={T.statuses}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
            />
            <OpsFilter
              label={T.type}
              value={type}
              values={CASE_TYPES}
              labels={T.types}
              onChange={(value) => {
                setType(value);
                setPage(1);
              }}
            />
          </Stack>
          {cases.isError && (
            <Alert severity="error">{errorMessage(cases.error, ADMIN_MESSAGES.failed)}</Alert>
          )}
          {cases.data && cases.data.cases.length === 0 && <Typography>{T.noCases}</Typography>}
          <Paper>
            <List aria-label={T.casesTitle} data-testid="cases-list">
              {(cases.data?.cases ?? []).map((item) => {
                const due = dueOf(item, T);
                return (
                  // A list's children are <li>s (axe "list"): the button is inside one.
                  <ListItem key={item.case_id} disablePadding>
                    <ListItemButton
                      selected={selected === item.case_id}
                      onClick={() => setSelected(item.case_id)}
                      data-testid="case-row"
                    >
                      <ListItemText
                        primary={`${item.case_id} · ${T.types[item.type]} · ${T.statuses[item.status]}`}
                        secondary={
                          <>
                            {`${new Date(item.created_at).toLocaleString()}${item.subject ? ` · ${item.subject.fullname}` : ''} — ${item.summary}`}
                            {due && (
                              <Box
                                component="span"
                                data-testid="case-row-due"
                                data-overdue={due.overdue}
                                sx={{
                                  display: 'block',
                                  mt: 0.5,
                                  fontWeight: 700,
                                  color: due.overdue ? 'error.dark' : 'text.primary',
                                }}
                              >
                                {due.text}
                              </Box>
                            )}
                          </>
                        }
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </Paper>
          <OpsPagination
            total={cases.data?.total ?? 0}
            pageSize={OPS_LIMITS.casesPageSize}
            page={page}
            onChange={setPage}
          />
        </Stack>
        <Box sx={{ flex: 1, width: '100%' }}>
          {selected ? (
            <CaseDetail key={selected} caseId={selected} T={T} />
          ) : (
            <Typography color="text.secondary">{T.pick}</Typography>
          )}
        </Box>
      </Stack>
    </OpsConsolePage>
  );
}
