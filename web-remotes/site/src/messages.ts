import { PRODUCT_NAME } from '@safarsaathi/contracts';

/** Texts of the sign-in screens that the spec fixes and contracts' AUTH_MESSAGES does not hold. */
export const SITE_MESSAGES = {
  tagline: 'Your journey starts here',
  /** The proof-of-work widget is loading. */
  checking: 'Checking…',
  emailConsent: 'I agree to receive emails for login verification and account alerts',
  sendOtpFailed: 'Failed to send OTP. Please try again.',
  otpVerifiedRegister: 'OTP verified! Please complete your registration.',
  registrationWelcome: `Registration completed! Welcome to ${PRODUCT_NAME}`,
  realOtpEnabled: 'Real OTP enabled',
  realOtpDisabled: 'Real OTP disabled',
  realOtpToggleFailed: 'Failed to toggle real OTP setting',
  devAidTitle: 'Development only: not part of the product',
  anyCodeWorks: 'Development mode: real OTP is off, so any 6-digit code works.',
  registrationFailed: 'Registration failed. Please try again.',
  registrationOffline: 'Registration failed. Please check your connection and try again.',
  noCountries: 'No countries found',
  standaloneIncompleteOtp: 'Please enter all 6 digits',
  resendFailed: 'Failed to resend OTP. Please try again.',
  verificationFailed: 'Verification failed. Please try again.',
} as const;
