import { startTransition, useEffect, useState } from 'react';
import { CallToActionSection } from '../landing/CallToActionSection';
import { FaqSection } from '../landing/FaqSection';
import { HeroSection } from '../landing/HeroSection';
import { HowItWorksSection } from '../landing/HowItWorksSection';
import { SafetySection } from '../landing/SafetySection';
import { SearchWidgetSlot } from '../landing/SearchWidgetSlot';
import { ServiceSection } from '../landing/ServiceSection';
import { WhyChooseSection } from '../landing/WhyChooseSection';

/**
 * `/`: the public landing page (the shell adds the public header and footer). The first render is what the
 * first screen shows (the hero and the search widget); the sections below it follow in a second, separate
 * render, so that a phone's main thread is never held by the whole page at once.
 */
export default function LandingPage() {
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);
  return (
    <>
      <HeroSection />
      <SearchWidgetSlot />
      {below && (
        <>
          <ServiceSection />
          <WhyChooseSection />
          <HowItWorksSection />
          <SafetySection />
          <FaqSection />
          <CallToActionSection />
        </>
      )}
    </>
  );
}
