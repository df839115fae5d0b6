import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createCaseRequestSchema,
  FALLBACK_ISSUE_TYPES,
  isUrgentIssueType,
  LIMITS,
  SUPPORT_MESSAGES,
  type CreateCaseRequest,
  type CreateCaseRequestOutput,
} from '@safarsaathi/contracts';
import { errorMessage, translateMessage, useFormat, useSession } from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { accountApi } from '../api';
import { useAccountTranslation } from '../i18n';
import { TripDayGuidance } from './TripDayGuidance';

/** The form's values: no issue type chosen yet is ''. */
type CaseForm = Omit<CreateCaseRequest, 'issueType'> & { issueType: string };
type CaseRequest = CreateCaseRequestOutput;

/** Issue types from the server; the fixed fallback list when the call fails or answers nothing. */
function useIssueTypes(enabled: boolean): readonly string[] {
  const { data } = useQuery({
    queryKey: ['support', 'issue-types'],
    queryFn: async ({ signal }) => {
      try {
        const { issue_types } = await accountApi.issueTypes(signal);
        return issue_types.length > 0 ? issue_types : [...FALLBACK_ISSUE_TYPES];
      } catch {
        return [...FALLBACK_ISSUE_TYPES];
      }
    },
    enabled,
    staleTime: 60 * 60_000,
    retry: false,
  });
  return data ?? FALLBACK_ISSUE_TYPES;
}

/** A server's issue type as the reader sees it; one the catalogue does not know stays as sent. */
export function useIssueTypeName(): (type: string) => string {
  const { t, i18n } = useAccountTranslation();
  return (type) =>
    i18n.exists(`forms.issueTypes.${type}`, { ns: 'account' }) ? t(`forms.issueTypes.${type}`) : type;
}

export interface CaseFormControls {
  /** Issue type, then (for the travel day's two types) what to do now, then e-mail and details. */
  fields: ReactNode;
  submit: () => Promise<void>;
  submitting: boolean;
  /** Back to an empty form (the signed-in user's address filled in). */
  clear: () => void;
}

/**
 * The support form (spec §2 Create a Case), for the help button's dialog and the help page alike: issue
 * type, e-mail, details. Choosing "Trip-day problem (urgent)" or "Safety concern" shows what to do now at
 * once, under the choice and before the rest of the form (issue 38).
 */
export function useCaseForm({
  enabled,
  onSubmitted,
}: {
  /** Loads the issue types (a closed dialog does not). */
  enabled: boolean;
  onSubmitted: (caseId: string) => void;
}): CaseFormControls {
  const { user } = useSession();
  const issueTypes = useIssueTypes(enabled);
  const issueTypeName = useIssueTypeName();
  const { t } = useAccountTranslation();
  const format = useFormat();
  const fieldMessage = (message: string | undefined) => message && translateMessage(message);
  const { control, register, handleSubmit, reset, formState } = useForm<CaseForm, unknown, CaseRequest>({
    resolver: zodResolver(createCaseRequestSchema) as unknown as Resolver<CaseForm, unknown, CaseRequest>,
    defaultValues: { issueType: '', emailAddress: user?.email_address ?? '', details: '' },
  });
  const [details, issueType] = useWatch({ control, name: ['details', 'issueType'] });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submitting = formState.isSubmitting;
  const errors = formState.errors;
  const detailsLength = (details ?? '').trim().length;

  const submit = handleSubmit(async (request) => {
    setSubmitError(null);
    try {
      const answer = await accountApi.createCase(request);
      onSubmitted(answer.case_id);
    } catch (error) {
      setSubmitError(errorMessage(error, SUPPORT_MESSAGES.submitFailed));
    }
  });

  const clear = () => {
    reset({ issueType: '', emailAddress: user?.email_address ?? '', details: '' });
    setSubmitError(null);
  };

  const fields = (
    <Stack spacing={2.5}>
      {submitError && (
        <Alert severity="error" data-testid="create-case-error">
          {submitError}
        </Alert>
      )}
      <Controller
        control={control}
        name="issueType"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label={t('forms.issueType')}
            error={Boolean(fieldState.error)}
            helperText={fieldMessage(fieldState.error?.message)}
            disabled={submitting}
            required
            data-testid="issue-type"
          >
            {issueTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {issueTypeName(type)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {/* Announced when it appears: the choice above changes what to do next. */}
      <Box aria-live="polite" sx={{ '&:empty': { mt: '0 !important' } }}>
        {isUrgentIssueType(issueType) && <TripDayGuidance issueType={issueType} />}
      </Box>
      <TextField
        {...register('emailAddress')}
        label={t('forms.emailAddress')}
        type="email"
        error={Boolean(errors.emailAddress)}
        helperText={fieldMessage(errors.emailAddress?.message)}
        disabled={submitting}
        autoComplete="email"
        required
      />
      <TextField
        {...register('details')}
        label={t('forms.details')}
        error={Boolean(errors.details)}
        helperText={
          fieldMessage(errors.details?.message) ??
          t('forms.detailsHint', {
            min: format.number(LIMITS.supportDetailsMin),
            count: format.number(detailsLength),
          })
        }
        disabled={submitting}
        multiline
        minRows={4}
        required
      />
    </Stack>
  );

  return { fields, submit, submitting, clear };
}
