import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { LIMITS, MY_CASES_PAGE_SIZE, type MyCase } from '@safarsaathi/contracts';
import { errorMessage, PageSpinner, useFallbackPolling, useFormat, useLiveEvent } from '@safarsaathi/web-kit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { accountApi } from '../api';
import { useAccountTranslation } from '../i18n';
import { useIssueTypeName } from './useCaseForm';

export const MY_CASES_KEY = ['support', 'my-cases'] as const;

/** The user's own cases, page by page; a reply arrives as a notification, which refetches them. */
export function useMyCases() {
  const query = useInfiniteQuery({
    queryKey: MY_CASES_KEY,
    queryFn: ({ pageParam, signal }) => accountApi.myCases(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * MY_CASES_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    refetchInterval: useFallbackPolling(LIMITS.notificationUnreadPollMs),
    refetchIntervalInBackground: false,
  });
  useLiveEvent('notification.created', () => void query.refetch());
  return query;
}

function CaseCard({ item, opened }: { item: MyCase; opened: boolean }) {
  const { t } = useAccountTranslation();
  const format = useFormat();
  const issueTypeName = useIssueTypeName();
  const ref = useRef<HTMLElement>(null);
  const when = (iso: string) => `${format.longDate(iso)}, ${format.time(iso)}`;
  // The case a notice opened: brought into view and focused, so it is what the reader (and a screen reader) meets.
  useEffect(() => {
    if (!opened || !ref.current) return;
    ref.current.scrollIntoView({ block: 'start' });
    ref.current.focus({ preventScroll: true });
  }, [opened]);
  const titleId = `my-case-${item.case_id}`;
  return (
    <Paper
      ref={ref}
      component="article"
      tabIndex={opened ? -1 : undefined}
      aria-labelledby={titleId}
      data-testid="my-case"
      data-case-id={item.case_id}
      data-opened={opened || undefined}
      variant="outlined"
      sx={{
        p: { xs: 2, md: 3 },
        scrollMarginTop: 16,
        borderWidth: opened ? 2 : 1,
        borderColor: opened ? 'primary.main' : undefined,
      }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography id={titleId} component="h3" variant="h6" sx={{ fontWeight: 600, flex: '1 1 auto' }}>
            {issueTypeName(item.issue_type)}
          </Typography>
          <Chip
            size="small"
            color={item.status === 'open' ? 'warning' : 'default'}
            label={t(item.status === 'open' ? 'help.myCases.open' : 'help.myCases.closed')}
            data-testid="my-case-status"
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('help.myCases.caseLine', { caseId: item.case_id, date: when(item.created_at) })}
        </Typography>
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('help.myCases.yourMessage')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{item.details}</Typography>
        </Box>
        {item.replies.length === 0 ? (
          <Typography color="text.secondary" data-testid="my-case-no-reply">
            {t('help.myCases.noReply')}
          </Typography>
        ) : (
          item.replies.map((reply, index) => (
            <Box
              key={`${reply.at}-${index}`}
              data-testid="my-case-reply"
              sx={{
                bgcolor: 'action.hover',
                borderRadius: 1,
                p: 1.5,
                borderLeft: 4,
                borderColor: 'primary.main',
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('help.myCases.reply', { date: when(reply.at) })}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{reply.text}</Typography>
            </Box>
          ))
        )}
      </Stack>
    </Paper>
  );
}

/** "My cases" (issue 38): the user's own cases, newest first, each with support's replies. */
export function MyCases({ openedCase }: { openedCase: string | null }) {
  const { t } = useAccountTranslation();
  const cases = useMyCases();
  if (cases.isPending) return <PageSpinner label={t('help.myCases.loading')} />;
  if (cases.isError)
    return (
      <Alert severity="error" data-testid="my-cases-error">
        {errorMessage(cases.error, t('help.myCases.failed'))}
      </Alert>
    );
  const items = cases.data.pages.flatMap((page) => page.cases);
  if (items.length === 0)
    return (
      <Typography color="text.secondary" data-testid="my-cases-none">
        {t('help.myCases.none')}
      </Typography>
    );
  return (
    <Stack spacing={2} data-testid="my-cases">
      {items.map((item) => (
        <CaseCard key={item.case_id} item={item} opened={item.case_id === openedCase} />
      ))}
      {cases.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void cases.fetchNextPage()}
          loading={cases.isFetchingNextPage}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('help.myCases.more')}
        </Button>
      )}
    </Stack>
  );
}
