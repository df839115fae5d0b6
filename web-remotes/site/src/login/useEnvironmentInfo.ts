import type { EnvironmentInfo } from '@safarsaathi/contracts';
import { authApi } from '@safarsaathi/web-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';

const ENVIRONMENT_INFO_KEY = ['auth', 'environment-info'] as const;
const NOT_DEVELOPMENT: EnvironmentInfo = { is_development: false, enable_real_otp: true };

/**
 * Read each time the login dialog opens; any failure counts as "not development". Only the development
 * aids need it, so a build without them (every production build) never asks.
 */
export function useEnvironmentInfo(): EnvironmentInfo {
  const { data } = useQuery({
    queryKey: ENVIRONMENT_INFO_KEY,
    queryFn: ({ signal }) => authApi.environmentInfo(signal).catch(() => NOT_DEVELOPMENT),
    staleTime: 0,
    retry: false,
    enabled: __DEV_AIDS__,
  });
  return data ?? NOT_DEVELOPMENT;
}

/** Records a new real-OTP setting after the server accepted it. */
export function useSetRealOtpEnabled(): (enabled: boolean) => void {
  const queryClient = useQueryClient();
  return (enabled) =>
    queryClient.setQueryData<EnvironmentInfo>(ENVIRONMENT_INFO_KEY, (current) => ({
      ...(current ?? NOT_DEVELOPMENT),
      enable_real_otp: enabled,
    }));
}
