export * from '../../../infra/smtp/mail-client';
