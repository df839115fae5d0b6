import { Alert, Box, Container, FormControl, FormLabel, Paper, Stack, Typography } from '@mui/material';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { LIMITS, PROFILE_MESSAGES, type SimpleProfile } from '@safarsaathi/contracts';
import {
  ApiError,
  errorMessage,
  LanguageSwitch,
  EasyReadingSwitches,
  useTranslation,
  PageSpinner,
  translateMessage,
  useDelayedCallback,
  useFormat,
  useSession,
} from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi } from '../api';
import { HELP_PREFERENCE_LABELS } from '../messages';
import HelpButton from '../support/HelpButton';
import PrivacySection from '../profile/PrivacySection';
import PushSection from '../profile/PushSection';
import { useAccountTranslation } from '../i18n';

type HelpPreference = NonNullable<SimpleProfile['help_preference']>;
const PROFILE_KEY = ['account', 'profile'] as const;

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** /profile: the simple profile page (phone, member since, help preference). */
export default function ProfilePage() {
  const { user } = useSession();
  const { t } = useAccountTranslation();
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const schedule = useDelayedCallback();
  // "Notifications on this device" reads this browser's subscription when it mounts: a push consent
  // withdrawn below removes it, so the section is mounted afresh.
  const [pushSection, setPushSection] = useState(0);

  const profile = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => accountApi.profile(signal),
    retry: false,
  });

  const savePreference = useMutation({
    mutationFn: (preference: HelpPreference) => accountApi.setHelpPreference(preference),
    onMutate: (preference) => {
      const previous = queryClient.getQueryData<SimpleProfile>(PROFILE_KEY);
      queryClient.setQueryData<SimpleProfile>(
        PROFILE_KEY,
        (current) => current && { ...current, help_preference: preference },
      );
      return { previous };
    },
    onSuccess: () => {
      setNotice({ severity: 'success', text: translateMessage(PROFILE_MESSAGES.helpPreferenceSaved) });
      schedule(() => setNotice(null), LIMITS.successResetMs);
    },
    onError: (error, _preference, context) => {
      queryClient.setQueryData(PROFILE_KEY, context?.previous);
      setNotice({ severity: 'error', text: errorMessage(error, PROFILE_MESSAGES.helpPreferenceFailed) });
    },
  });

  let content;
  if (profile.isPending) {
    content = <PageSpinner label={t('profile.loading')} />;
  } else if (profile.isError) {
    const signedOut = profile.error instanceof ApiError && profile.error.status === 401;
    content = (
      <Alert severity="error" data-testid="profile-error">
        {translateMessage(signedOut ? PROFILE_MESSAGES.noUserData : PROFILE_MESSAGES.simpleLoadFailed)}
      </Alert>
    );
  } else if (!profile.data) {
    content = (
      <Alert severity="info" data-testid="profile-error">
        {translateMessage(PROFILE_MESSAGES.noUserData)}
      </Alert>
    );
  } else {
    const data = profile.data;
    content = (
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 6 }}>
          <Detail label={t('profile.phone')} value={data.phone_number || '—'} testId="profile-phone" />
          <Detail
            label={t('profile.memberSince')}
            value={data.registered_at ? format.date(data.registered_at) || '—' : '—'}
            testId="profile-member-since"
          />
        </Stack>
        <FormControl disabled={savePreference.isPending}>
          <FormLabel id="help-preference-label" sx={{ fontWeight: 600, mb: 1 }}>
            {t('profile.helpPreference')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="help-preference-label"
            name="help-preference"
            value={data.help_preference ?? ''}
            onChange={(event) => savePreference.mutate(event.target.value as HelpPreference)}
          >
            {(Object.keys(HELP_PREFERENCE_LABELS) as HelpPreference[]).map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={t(`profile.helpPreferences.${value}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {notice && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} data-testid="profile-notice">
            {notice.text}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, pb: 12 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('profile.title')}
      </Typography>
      {user && (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3, wordBreak: 'break-word' }}>
          {user.fullname} · {user.email_address}
        </Typography>
      )}
      <Paper sx={{ p: { xs: 2.5, md: 4 }, mt: user ? 0 : 3 }}>{content}</Paper>
      <Paper
        sx={{ p: { xs: 2.5, md: 4 }, mt: 3 }}
        component="section"
        aria-labelledby="profile-language-title"
        data-testid="profile-language"
      >
        <Typography id="profile-language-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('profile.language')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.languageHint')}
        </Typography>
        <LanguageSwitch variant="full" />
      </Paper>
      <Paper
        sx={{ p: { xs: 2.5, md: 4 }, mt: 3 }}
        component="section"
        aria-labelledby="profile-easy-reading-title"
        data-testid="profile-easy-reading"
      >
        <Typography id="profile-easy-reading-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {tc('easyReading.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {tc('easyReading.hint')}
        </Typography>
        <EasyReadingSwitches labelledBy="profile-easy-reading-title" />
      </Paper>
      <PushSection key={pushSection} />
      <PrivacySection onPushWithdrawn={() => setPushSection((count) => count + 1)} />
      <HelpButton />
    </Container>
  );
}
