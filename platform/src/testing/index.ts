export * from './api-client';
export * from './users';
export * from './wait';
export * from './mail-client';
export * from './kafka-reader';
export * from './run-scope';
export * from './sse-client';
export * from './metrics';
