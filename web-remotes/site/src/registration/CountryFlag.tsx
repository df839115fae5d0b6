import { Box } from '@mui/material';
import type { Country } from '@safarsaathi/contracts';
import { useFormat } from '@safarsaathi/web-kit';
import { useSiteTranslation } from '../i18n';
import { countryName } from './countryName';
import { flagSource } from './flags';

/**
 * A country's flag as an image. Emoji flags are letters on Windows and empty boxes on many Linux systems,
 * so they are drawn from SVG instead. `decorative`: the country's name is written next to it, so the
 * image is left out of the accessible name (alt="") instead of saying the name twice.
 */
export function CountryFlag({ country, decorative = false }: { country: Country; decorative?: boolean }) {
  const { t } = useSiteTranslation();
  const { locale } = useFormat();
  const src = flagSource(country.code);
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={decorative ? '' : t('forms.flagOf', { name: countryName(country, locale) })}
      width={24}
      height={16}
      sx={{ flexShrink: 0, borderRadius: '2px', boxShadow: '0 0 0 1px rgba(0,0,0,0.12)', objectFit: 'cover' }}
    />
  );
}
