export * from './topics';
export * from './errors';
export * from './events';
export * from './event-personal-fields';
export * from './reference-data';
export * from './airports';
export * from './auth';
export * from './email';
export * from './identity';
export * from './api-routes';
export * from './openapi';
export * from './accounts';
export * from './notifications';
export * from './push';
export * from './support';
export * from './companion';
export * from './search';
export * from './chat';
export * from './safety';
export * from './live';
export * from './share-links';
export * from './trip';
export * from './references';
export * from './locale';
export * from './page-cookies';
export * from './early-login-tap';
export * from './texts';
export * from './error-codes';
export {
  BIDI_CONTROLS,
  NO_BIDI_CONTROLS,
  PLAIN_TEXT,
  TEXT_CONTROL_CHARACTERS,
  TEXT_MESSAGES,
  plainText,
} from './validation';
export * from './web-pages';
export * from './papers';
export * from './ops';
export * from './preferences';
export * from './privacy/consents';
export * from './privacy/data-catalogue';
export * from './privacy/export';
export * from './privacy/notice';
