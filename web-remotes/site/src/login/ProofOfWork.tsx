/**
 * The ALTCHA widget (self-hosted proof of work), shown when the network has asked for many codes: it
 * solves the server's challenge by itself in a worker (a second or two on a phone) and hands the payload
 * back, so the code is sent without the person doing anything. Loaded only when needed.
 */
import 'altcha/external';
import 'altcha/i18n/hi';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import type { AltchaChallenge } from '@safarsaathi/contracts';
import { useEffect, useRef } from 'react';
import { useSiteTranslation } from '../i18n';

/** This remote's public path (its assetPrefix), where the build copies the widget's worker. */
declare const __webpack_public_path__: string;

// The widget's own worker file, served as it is from this remote's folder on the product's origin: its
// default inline (blob:) workers are not allowed by the Content-Security-Policy (script-src 'self'), and a
// bundled worker would carry the federation runtime. rsbuild.config.ts copies it next to the chunks.
globalThis.$altcha.algorithms.set(
  'PBKDF2/SHA-256',
  () => new Worker(`${__webpack_public_path__}altcha/pbkdf2.js`),
);

interface ProofOfWorkProps {
  challenge: AltchaChallenge;
  onSolved: (payload: string) => void;
}

export default function ProofOfWork({ challenge, onSolved }: ProofOfWorkProps) {
  const widget = useRef<HTMLElement>(null);
  const { i18n } = useSiteTranslation();

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onVerified = (event: Event) => onSolved((event as CustomEvent<{ payload: string }>).detail.payload);
    element.addEventListener('verified', onVerified);
    return () => element.removeEventListener('verified', onVerified);
  }, [onSolved]);

  return (
    <altcha-widget
      ref={widget}
      data-testid="altcha-widget"
      challenge={JSON.stringify(challenge)}
      auto="onload"
      language={i18n.language === 'hi' ? 'hi' : 'en'}
      configuration={JSON.stringify({ hideFooter: true, minDuration: 300 })}
    />
  );
}
