import { CssBaseline } from '@mui/material';
import {
  EasyReadingThemeProvider,
  LanguageProvider,
  RemoteModuleLoaderProvider,
  type RemoteModuleLoader,
} from '@safarsaathi/web-kit';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * What every page renders inside: language, queries, the theme (easy reading included) and the remote module
 * loader. One component for the browser's render (bootstrap.tsx) and the build's render of the landing page's
 * first screen (scripts/landing-styles.tsx), whose style names must be the browser's.
 */
export function ShellProviders({
  queryClient,
  remoteModules,
  children,
}: {
  queryClient: QueryClient;
  remoteModules: RemoteModuleLoader;
  children: ReactNode;
}) {
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <EasyReadingThemeProvider>
          <CssBaseline />
          <RemoteModuleLoaderProvider value={remoteModules}>{children}</RemoteModuleLoaderProvider>
        </EasyReadingThemeProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
