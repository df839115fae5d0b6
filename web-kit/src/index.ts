/**
 * Runtime code shared by the web shell and every remote. Loaded once per page as a Module
 * Federation singleton, so all of them see the same session and login-dialog contexts.
 */
export { api, ApiError, NetworkError, errorMessage } from './api/client';
export { authApi, type UserResponse } from './api/auth';
export { useBlockedAccess, type BlockedAccess } from './access/blockedAccess';
export { CHAT_UNREAD_QUERY_KEY, useChatUnreadCount } from './chat/useChatUnreadCount';
export { CHAT_DIALOG_MODULE, type ChatDialogProps } from './chat/chatDialog';
export { EmbeddedChatDialog } from './chat/EmbeddedChatDialog';
export { useChatDialog, type ChatDialogTarget } from './chat/useChatDialog';
export {
  SessionProvider,
  prefetchSession,
  useSession,
  type Session,
  type SessionStatus,
} from './session/SessionContext';
export {
  LoginDialogProvider,
  useLoginDialog,
  type LoginDialogControls,
  type LoginDialogProps,
} from './login/LoginDialogContext';
export {
  LOGIN_ISLAND_CONSENT_ID,
  LOGIN_ISLAND_EMAIL_ID,
  LOGIN_ISLAND_ID,
  LOGIN_ISLAND_SEND_ATTRIBUTE,
  loginIslandOpen,
  peekLoginIsland,
  takeLoginIsland,
  type LoginIslandState,
} from './login/loginIsland';
export { DEFAULT_SIGNED_IN_ROUTE, redirectToFromState, resolveRedirectTarget } from './navigation/redirect';
export { scrollToTop } from './navigation/scroll';
export { BrandLogo } from './layout/BrandLogo';
export { PublicFooter } from './layout/PublicFooter';
export { PublicHeader } from './layout/PublicHeader';
export { DialogTitleWithTools, PageTools } from './layout/PageTools';
export { PublicLayout } from './layout/PublicLayout';
export { SIGNED_IN_FRAME, bottomNavHeight } from './layout/signedInFrame';
export { LiveRegion, VISUALLY_HIDDEN } from './ui/LiveRegion';
export { PageSpinner } from './ui/PageSpinner';
export { TooltipOnHover } from './ui/TooltipOnHover';
export { NEW_TAB, PRIVACY_URL, SOCIAL_LINKS, SUPPORT_MAILTO, TERMS_URL } from './ui/links';
export { safarSaathiTheme } from './ui/theme';
export { easyReadingTheme } from './ui/easyReadingTheme';
export { EasyReadingThemeProvider } from './easyReading/EasyReadingThemeProvider';
export { EasyReadingSwitches } from './easyReading/EasyReadingSwitches';
export { EasyReadingMenu } from './easyReading/EasyReadingMenu';
export { useEasyReading, type EasyReadingControls } from './easyReading/useEasyReading';
export { useReadingPreferences } from './easyReading/preferences';
export {
  pickVoice,
  readableText,
  speakableText,
  speechChunks,
  type SpeechWords,
} from './easyReading/readAloud';
export { useReadAloud, type ReadAloud } from './easyReading/useReadAloud';
export { ReadAloudButton, type ReadAloudButtonProps } from './easyReading/ReadAloudButton';
export { useDelayedCallback } from './ui/useDelayedCallback';
export { relativeTime } from './ui/relativeTime';
export { dispatchWindowEvent, useWindowEvent } from './ui/useWindowEvent';
export { EmbeddedRemote } from './federation/EmbeddedRemote';
export { RemoteErrorBoundary } from './federation/RemoteErrorBoundary';
export { RemoteLoadError } from './federation/RemoteLoadError';
export { RemoteView } from './federation/RemoteView';
export {
  RemoteModuleLoaderProvider,
  useRemoteModuleLoader,
  type RemoteModuleId,
  type PreloadingModule,
  type RemoteModuleLoader,
} from './federation/remoteModuleLoader';
export { AirportField } from './airports/AirportField';
export { loadAirports, loadedAirports, useAirports } from './airports/loadAirports';
export { SEARCH_WIDGET_MODULE, type SearchWidgetProps } from './search/searchWidget';
export {
  LiveUpdatesProvider,
  useFallbackPolling,
  useLiveEvent,
  useLiveStatus,
  type SessionEndReason,
} from './live/LiveUpdates';
export { useTranslation, Trans } from 'react-i18next';
export {
  i18n,
  activeLocale,
  catalogueLoads,
  changeLocale,
  languageReady,
  registerCatalogue,
  translateMessage,
} from './i18n/i18n';
export { defineCatalogue, type Catalogue, type Translation } from './i18n/catalogue';
export { commonCatalogue } from './i18n/common';
export { resolveLocale } from './i18n/locale';
export {
  dateTimeFormat,
  formatDate,
  formatLanguage,
  formatLongDate,
  formatNumber,
  formatPrice,
  formatTime,
} from './i18n/format';
export {
  browserZone,
  formatInZone,
  isoToZonedInput,
  zoneOffsetMinutes,
  zonedInputToIso,
} from './i18n/zonedTime';
export {
  airportCity,
  formatCityTime,
  placesCatalogue,
  useCityTime,
  type CityClock,
  type CityTimeFormatter,
} from './i18n/cityTime';
export { postedForCatalogue } from './i18n/postedFor';
export { useFormat, useLanguage, type LanguageControls } from './i18n/useLanguage';
export { LanguageSwitch } from './i18n/LanguageSwitch';
export { LanguageProvider } from './i18n/LanguageProvider';
export { useCatalogue } from './i18n/useCatalogue';
export { fillPlaceholders } from './i18n/i18n';
export { LABEL_SCRIPTS, labelFontName, type LabelScript } from './i18n/LanguageSwitch';
export {
  OFFLINE_API_CACHE,
  OFFLINE_CACHED_AT_HEADER,
  SKIP_WAITING_MESSAGE,
  WARM_API_MESSAGE,
  clearOfflineApiCache,
} from './offline/offlineCache';
export { hasSignedInHint } from './session/signedInHint';
export {
  PushBlockedError,
  pushApi,
  pushPromptDismissal,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
  usePushDevice,
  type PushDeviceState,
} from './push/pushDevice';
